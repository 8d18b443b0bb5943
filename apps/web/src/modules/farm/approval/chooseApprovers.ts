import type { ApprovalPreview, ApprovalPreviewStep, ChosenAssignees } from '@tilth/contracts';

// The pure part of "the applicant chooses at submit": which steps of a previewed route need a choice, what
// is still missing, the body sent with the document, and the route as one line.

/** What the applicant has picked so far, by step node id. */
export type Picks = Readonly<Record<string, readonly number[] | undefined>>;

/** Steps whose approvers (or copy recipients) the applicant picks; none when the type has no flow. */
export const stepsToChoose = (preview: ApprovalPreview | undefined): ApprovalPreviewStep[] =>
  preview?.bound ? preview.steps.filter((s) => s.choose) : [];

/** Steps still without anyone picked (the OK button waits for none). */
export const missingChoices = (steps: readonly ApprovalPreviewStep[], picks: Picks): string[] =>
  steps.filter((s) => !(picks[s.nodeId]?.length ?? 0)).map((s) => s.nodeId);

/** The `chosen` of the create / submit body: only the steps to choose, at most 10 each; none → undefined. */
export const chosenBody = (
  steps: readonly ApprovalPreviewStep[],
  picks: Picks,
): ChosenAssignees | undefined => {
  const out: ChosenAssignees = {};
  for (const s of steps) {
    const ids = [...new Set(picks[s.nodeId] ?? [])].slice(0, 10);
    if (ids.length > 0) out[s.nodeId] = ids;
  }
  return Object.keys(out).length > 0 ? out : undefined;
};

/** "基地负责人 → 总监": the route's step names in order, or null when unbound or empty. */
export const routeLine = (preview: ApprovalPreview | undefined): string | null =>
  preview?.bound && preview.steps.length > 0 ? preview.steps.map((s) => s.name).join(' → ') : null;

/** Condition fields of a receipt / issue form: Σ line amounts (2 decimals), Σ quantities, its base. */
export const agriDocFields = (
  areaId: number | undefined,
  lines: readonly { quantity?: number | null; unitPrice?: number | null }[] | undefined,
): Record<string, number> => {
  let cents = 0;
  let milli = 0;
  for (const l of lines ?? []) {
    const q = Number(l?.quantity ?? 0);
    const p = Number(l?.unitPrice ?? 0);
    if (!Number.isFinite(q) || !Number.isFinite(p)) continue;
    milli += Math.round(q * 1000);
    cents += Math.round(q * p * 100);
  }
  const out: Record<string, number> = { amount: cents / 100, quantity: milli / 1000 };
  if (areaId !== undefined && areaId !== null) out.areaId = areaId;
  return out;
};
