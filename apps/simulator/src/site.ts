import { dissolvedOxygenStep, oxygenSaturation, sunFraction, waterTemperature } from './physics.js';

// What devices at one place share: the same sky (seeded weather), the water the valves and fertigation
// machines put on the field, and the pond the aerators stir. A site is a plot, or a base when the device
// has no plot.

const HOUR_MS = 3_600_000;

interface Flow {
  from: number;
  to: number;
  rate: number;
}

export class Site {
  private readonly irrigation = new Map<string, Flow[]>();
  private readonly pumps = new Map<string, number>();
  private pondAt: number | undefined;
  private pondDo: number;
  /** Fertiliser salts in the root zone, 0 (none) … ~1 (just fertigated); decays over days. */
  private saltsLevel = 0;
  private saltsAt: number | undefined;

  constructor(
    readonly key: string,
    readonly seed: number,
  ) {
    this.pondDo = 7.5;
  }

  /** An irrigator (valve, fertigation machine) waters the site at `mmPerHour` from `from` until `to`. */
  setIrrigation(source: string, from: number, to: number, mmPerHour: number): void {
    const flows = (this.irrigation.get(source) ?? []).filter((f) => f.to > from - 2 * 24 * HOUR_MS);
    // A new command replaces what was planned after `from`.
    const kept = flows.map((f) => (f.to > from ? { ...f, to: from } : f)).filter((f) => f.to > f.from);
    if (to > from && mmPerHour > 0) kept.push({ from, to, rate: mmPerHour });
    this.irrigation.set(source, kept);
  }

  stopIrrigation(source: string, at: number): void {
    this.setIrrigation(source, at, at, 0);
  }

  /** Irrigation water that reached the site in (t0, t1], mm. */
  irrigationBetween(t0: number, t1: number): number {
    let mm = 0;
    for (const flows of this.irrigation.values()) {
      for (const f of flows) {
        const overlap = Math.min(t1, f.to) - Math.max(t0, f.from);
        if (overlap > 0) mm += (f.rate * overlap) / HOUR_MS;
      }
    }
    return mm;
  }

  addSalts(amount: number, t: number): void {
    this.salts(t);
    this.saltsLevel = Math.min(1.5, this.saltsLevel + amount);
  }

  /** Salts decay with a half-life of about three days (uptake and leaching). */
  salts(t: number): number {
    if (this.saltsAt !== undefined && t > this.saltsAt) {
      this.saltsLevel *= 0.5 ** ((t - this.saltsAt) / (72 * HOUR_MS));
    }
    this.saltsAt = t;
    return this.saltsLevel;
  }

  /** How many aerator pumps of `source` run; the pond is brought up to `t` first so the change counts from now. */
  setPumps(source: string, on: number, t: number): void {
    this.pond(t);
    this.pumps.set(source, on);
  }

  pumpsOn(): number {
    let n = 0;
    for (const v of this.pumps.values()) n += v;
    return n;
  }

  /** Pond water at time t (integrated lazily from the last look). */
  pond(t: number): { dissolvedOxygen: number; waterTemp: number; saturation: number } {
    const waterTemp = waterTemperature(this.seed, t);
    if (this.pondAt === undefined) {
      this.pondAt = t;
    } else if (t > this.pondAt) {
      // Long gaps (a restarted simulator) are integrated hour by hour so night and day both count.
      let at = this.pondAt;
      while (at < t) {
        const next = Math.min(t, at + HOUR_MS);
        this.pondDo = dissolvedOxygenStep(this.pondDo, (next - at) / HOUR_MS, {
          waterTemp: waterTemperature(this.seed, next),
          sun: sunFraction(this.seed, next),
          pumpsOn: this.pumpsOn(),
        });
        at = next;
      }
      this.pondAt = t;
    }
    return { dissolvedOxygen: this.pondDo, waterTemp, saturation: oxygenSaturation(waterTemp) };
  }
}

/** Sites by key, created on first use with a seed derived from the simulator's seed. */
export class Sites {
  private readonly sites = new Map<string, Site>();
  constructor(private readonly seed: number) {}

  get(key: string): Site {
    let s = this.sites.get(key);
    if (!s) {
      s = new Site(key, this.seed);
      this.sites.set(key, s);
    }
    return s;
  }
}
