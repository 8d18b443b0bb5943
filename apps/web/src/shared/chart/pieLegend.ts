// Issue 12 item 6: the digital map's donut drew one label of three (ECharts hides slice labels that would
// overlap in a small panel). The legend carries every slice's name and value instead, so none is lost.

export interface Slice {
  name: string;
  value: number;
}

/** The legend text of each slice: "name  value" (formatted), by name, for legend.formatter. */
export function pieLegendText(
  slices: readonly Slice[],
  format: (v: number) => string,
): (name: string) => string {
  const byName = new Map(slices.map((s) => [s.name, s.value]));
  return (name) => {
    const v = byName.get(name);
    return v === undefined ? name : `${name}  ${format(v)}`;
  };
}
