import { commandPayload } from '@tilth/contracts/device-protocol.types';
import sharp from 'sharp';
import { createRng, hashString } from './random.js';

// Trap photos of the simulated insect-situation lamps (pest stations, forecast lamps): a JPEG of the
// collecting board with one dark insect per catch, uploaded to the server's device photo endpoint
// (POST /wfpe/v1/{t}/insect/device-photo, HTTP Basic with the device's MQTT username and secret), where
// it is counted. Like an automatic station, each photo shows the catch since the previous one (the board
// is cleared after every shot), so the counts of a day add up to the model's insectCount of that day.

/** Types whose traps photograph their catch; the insecticidal lamp only counts kills. */
export const PHOTO_TYPE_KEYS: readonly string[] = ['pest-station', 'forecast-lamp'];
/** Most insects one photo draws (a full board; more would touch each other and merge). */
export const MAX_DRAWN = 600;
const IDLE_SHOT_MS = 3_600_000;

export interface Insect {
  /** Centre in pixels. */
  x: number;
  y: number;
  /** Body half-length in pixels. */
  size: number;
  angle: number;
  /** Moths have wings; planthoppers and flies are compact. */
  winged: boolean;
}

/**
 * Places n insects on a w × h board so that none touch: the board is cut into cells (about 1.4 per
 * insect), each insect takes a random free cell and stays inside it with a margin.
 */
export const placeInsects = (n: number, w: number, h: number, rand: () => number): Insect[] => {
  const count = Math.max(0, Math.min(MAX_DRAWN, Math.floor(n)));
  if (count === 0) return [];
  const cols = Math.max(1, Math.round(Math.sqrt((count * 1.4 * w) / h)));
  const rows = Math.max(1, Math.ceil((count * 1.4) / cols));
  const cw = w / cols;
  const ch = h / rows;
  const free = Array.from({ length: cols * rows }, (_, i) => i);
  const out: Insect[] = [];
  // Half-length so that a rotated insect with wings (≈ 1.3 × size across) keeps 3 px from the cell edge.
  const maxSize = Math.max(3, Math.min(11, (Math.min(cw, ch) - 6) / 2.8));
  for (let k = 0; k < count && free.length > 0; k++) {
    const cell = free.splice(Math.floor(rand() * free.length), 1)[0] as number;
    const size = maxSize * (0.55 + 0.45 * rand());
    const reach = size * 1.35 + 3;
    const cx = (cell % cols) * cw;
    const cy = Math.floor(cell / cols) * ch;
    out.push({
      x: cx + reach + rand() * Math.max(0, cw - 2 * reach),
      y: cy + reach + rand() * Math.max(0, ch - 2 * reach),
      size,
      angle: Math.round(rand() * 360),
      winged: rand() < 0.6,
    });
  }
  return out;
};

const insectSvg = (i: Insect): string => {
  const s = i.size;
  const f = (v: number) => v.toFixed(1);
  const wings = i.winged
    ? `<ellipse cx="${f(-s * 0.1)}" cy="${f(-s * 0.45)}" rx="${f(s * 0.75)}" ry="${f(s * 0.45)}" fill="#5a4630"/>` +
      `<ellipse cx="${f(-s * 0.1)}" cy="${f(s * 0.45)}" rx="${f(s * 0.75)}" ry="${f(s * 0.45)}" fill="#5a4630"/>`
    : '';
  return (
    `<g transform="translate(${f(i.x)} ${f(i.y)}) rotate(${i.angle})">${wings}` +
    `<ellipse cx="0" cy="0" rx="${f(s)}" ry="${f(Math.max(1.5, s * 0.38))}" fill="#2a2117"/>` +
    `<circle cx="${f(s * 0.95)}" cy="0" r="${f(Math.max(1.2, s * 0.3))}" fill="#1a140d"/></g>`
  );
};

/** A JPEG of a light collecting board with these insects (faint grid lines, lamp light falling off). */
export const renderTrapPhoto = async (insects: readonly Insect[], w = 1024, h = 768): Promise<Buffer> => {
  const grid: string[] = [];
  for (let x = 64; x < w; x += 64) grid.push(`<line x1="${x}" y1="0" x2="${x}" y2="${h}"/>`);
  for (let y = 64; y < h; y += 64) grid.push(`<line x1="0" y1="${y}" x2="${w}" y2="${y}"/>`);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">` +
    '<defs><radialGradient id="l" cx="45%" cy="40%" r="80%"><stop offset="0%" stop-color="#fbf6dc"/>' +
    '<stop offset="100%" stop-color="#e6dcb0"/></radialGradient></defs>' +
    '<rect width="100%" height="100%" fill="url(#l)"/>' +
    `<g stroke="#e0d6a6" stroke-width="1">${grid.join('')}</g>` +
    `${insects.map(insectSvg).join('')}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
};

export interface PhotoTarget {
  /** The server's HTTP base URL, e.g. http://127.0.0.1:8080. */
  api: string;
  tenantId: number;
  typeKey: string;
  eui: string;
  password: string;
}

export interface UploadedPhoto {
  id: number;
  total: number;
}

/**
 * Posts an image as multipart "file" (with any form fields first) to a tenant path of the server, with
 * the device's MQTT username and secret as HTTP Basic credentials; answers the server's JSON.
 */
export const uploadDeviceImage = async (
  target: PhotoTarget,
  path: string,
  image: Buffer,
  fields: Record<string, string> = {},
): Promise<unknown> => {
  const user = `${target.tenantId}/${target.typeKey}/${target.eui}`;
  const fd = new FormData();
  // Fields go before the file so the server reads them with the file part.
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), `${target.eui}.jpg`);
  const res = await fetch(`${target.api}/wfpe/v1/${target.tenantId}/${path}`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${user}:${target.password}`).toString('base64')}` },
    body: fd,
  });
  if (!res.ok) throw new Error(`image upload: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res.json();
};

/** Uploads one trap photo; the server counts it and answers the record. */
export const uploadTrapPhoto = async (
  target: PhotoTarget,
  image: Buffer,
  takenAt: Date,
): Promise<UploadedPhoto> =>
  (await uploadDeviceImage(target, 'insect/device-photo', image, {
    takenAt: takenAt.toISOString(),
  })) as UploadedPhoto;

/** The action and params of a raw …/down message, or undefined for garbage. */
export const commandOf = (raw: Buffer | string) => {
  try {
    const parsed = commandPayload.safeParse(JSON.parse(raw.toString()));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

export interface TrapState {
  /** The model's insectCount: insects on today's board. */
  board: number;
  /** Whether the trap works now (lamp on). */
  working: boolean;
}

export interface CameraOptions {
  /** Seconds between photos while the trap works. */
  periodSec: number;
  /** A fixed period (demo) that a configure command does not change. */
  fixedPeriod: boolean;
  seed: number;
  now: () => number;
  log: (msg: string) => void;
}

export interface CameraStats {
  photos: number;
  drawn: number;
  failed: number;
}

/**
 * The camera of a simulated trap: a photo every period while the trap works, an hourly check photo when
 * idle, the first right after start and one on each capture command.
 */
export class TrapCamera {
  readonly stats: CameraStats = { photos: 0, drawn: 0, failed: 0 };
  private timer: NodeJS.Timeout | undefined;
  private lastBoard: number | undefined;
  private lastShotAt: number | undefined;
  private periodSec: number;
  private busy: Promise<void> = Promise.resolve();
  private readonly rand: () => number;

  constructor(
    private readonly target: PhotoTarget,
    private readonly state: () => TrapState,
    private readonly opts: CameraOptions,
  ) {
    this.periodSec = opts.periodSec;
    this.rand = createRng(opts.seed ^ hashString(`photo:${target.eui}`));
  }

  start(): void {
    this.schedule();
    void this.shoot();
  }

  stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    return this.busy;
  }

  /** A configure command's photo interval (minutes), unless the period is fixed. */
  setIntervalMin(min: number): void {
    if (this.opts.fixedPeriod || !(min > 0)) return;
    this.periodSec = min * 60;
    if (this.timer) this.schedule();
  }

  private schedule(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = setInterval(() => this.tick(), this.periodSec * 1000);
    this.timer.unref();
  }

  private tick(): void {
    const idle = this.lastShotAt !== undefined && this.opts.now() - this.lastShotAt < IDLE_SHOT_MS;
    if (this.state().working || !idle) void this.shoot();
  }

  /** The catch since the previous photo (the first shows the whole board); a new board starts from zero. */
  catchSince(board: number): number {
    const prev = this.lastBoard ?? 0;
    return board >= prev ? board - prev : board;
  }

  /** Takes and uploads a photo (one at a time); resolves with the insects drawn, or -1 on failure. */
  shoot(): Promise<number> {
    const run = this.busy.then(async () => {
      const t = this.opts.now();
      const { board } = this.state();
      const insects = placeInsects(this.catchSince(board), 1024, 768, this.rand);
      this.lastBoard = board;
      this.lastShotAt = t;
      try {
        await uploadTrapPhoto(this.target, await renderTrapPhoto(insects), new Date(t));
        this.stats.photos++;
        this.stats.drawn += insects.length;
        return insects.length;
      } catch (err) {
        this.stats.failed++;
        this.opts.log(`simulator: ${this.target.typeKey} ${this.target.eui}: ${(err as Error).message}`);
        return -1;
      }
    });
    this.busy = run.then(() => undefined);
    return run;
  }
}
