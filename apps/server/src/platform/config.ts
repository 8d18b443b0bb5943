import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Most PostgreSQL connections of this process (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** How long a request waits for a PostgreSQL connection before failing with 503 (DATABASE_CONNECT_TIMEOUT_MS). */
  databaseConnectTimeoutMs: number;
  /**
   * A streaming replica for reads that may lag a moment (reports, history, charts); unset: the primary.
   * Same role as DATABASE_URL.
   */
  databaseReadUrl: string | undefined;
  /**
   * session (default): a connection keeps its session (SET ROLE, named statements). transaction: DATABASE_URL
   * is a transaction pooler (PgBouncer) — no session state; migrations run on DATABASE_MIGRATE_URL.
   */
  databasePoolMode: 'session' | 'transaction';
  /** Owner connection for migrations and RLS preparation (required in transaction pool mode). */
  databaseMigrateUrl: string | undefined;
  mqttPort: number;
  mqttUrl: string | undefined;
  /** Fixed client id prefix of the ingest connections to MQTT_URL (persistent session). */
  mqttClientId: string | undefined;
  mqttIngestConnections: number;
  /** Fair-use limit per device: messages per second (0 = off) and the burst allowed on top. */
  mqttDeviceRate: number;
  mqttDeviceBurst: number;
  /** Most device messages stored in one ingest transaction (MQTT_INGEST_MAX_BATCH). */
  ingestMaxBatch: number;
  /** Embedded broker: bytes a connection may send before its CONNECT is accepted. */
  mqttMaxConnectBytes: number;
  /** Embedded broker: the largest packet (header included) after authentication. */
  mqttMaxPacketBytes: number;
  /** Embedded broker: connections waiting for an accepted CONNECT, at most. */
  mqttMaxPendingConnections: number;
  /** Embedded broker: how long a connection may take to get its CONNECT accepted. */
  mqttConnectTimeoutMs: number;
  /** Broker address devices are told to use, when it differs from what the server connects to. */
  mqttPublicUrl: string | undefined;
  /** A ChirpStack v4 MQTT integration to bring LoRaWAN uplinks in from, and the tenant they belong to. */
  chirpstackMqttUrl: string | undefined;
  chirpstackTenantId: number | undefined;
  /** Device accounts on the external broker: none, or Mosquitto's dynamic security plugin. */
  mqttProvisioning: 'none' | 'mosquitto-dynsec';
  /** The account the dynsec control client uses (default: the credentials in MQTT_URL). */
  mqttAdminUsername: string | undefined;
  mqttAdminPassword: string | undefined;
  /** Shared secret EMQX sends in `x-tilth-hook-secret` to /iot/emqx/*; unset turns those routes off. */
  emqxHookSecret: string | undefined;
  demo: boolean;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  jwtSecret: string | undefined;
  uploadLimitBytes: number;
  /** Largest image accepted (width × height of one frame); sharp never decodes more from user input. */
  imageMaxPixels: number;
  /** Panorama uploads (issue 17): at least this many bytes (7 MB; tests lower it), at most the max. */
  panoramaMinBytes: number;
  panoramaMaxBytes: number;
  /** Largest panorama (width × height) the tiler decodes; a bigger header is refused before decoding. */
  panoramaMaxPixels: number;
  logLevel: string;
  webDist: string;
  smsProvider: string;
  weatherProvider: string;
  simulator: boolean;
  /** Demo simulator: seconds between readings (≥ 1) and between trap photos (≥ 10); undefined = default. */
  simulatorPeriodSec: number | undefined;
  simulatorPhotoSec: number | undefined;
  /** The automation strategy tick runs (TILTH_STRATEGY_TICK=0 turns it off, e.g. in tests). */
  strategyTick: boolean;
  /** The TILTH_CHAIN_* settings as given; the ledger parses and checks them (trace/chain/chain.config.ts). */
  chain: Record<string, string | undefined>;
  /** The TILTH_MAP_* settings as given; the map domain parses and checks them (map.config.ts). */
  map: Record<string, string | undefined>;
  /** Whether X-Forwarded-For names the client: off, every peer, or from these proxy addresses / CIDRs. */
  trustProxy: boolean | string[];
  /** Per-client-address limits on the public identity routes (ADR 0008); undefined = off. */
  rateLimits: Record<RateLimitName, RateLimit | undefined>;
  /** Where per-address limits count: this process's memory, or the database shared by every process. */
  rateLimitStore: 'memory' | 'database';
  /** Who may frame the console (CSP frame-ancestors): 'self', 'none' or listed origins. */
  frameAncestors: string[];
  /** The console is served behind HTTPS: Strict-Transport-Security and upgrade-insecure-requests. */
  hsts: boolean;
  /** Origins the console's Content-Security-Policy allows beyond its own and the map tile servers. */
  cspExtra: { img: string[]; connect: string[]; media: string[] };
  /** How often an open live stream re-checks its session, membership and permissions (other processes). */
  streamRecheckSeconds: number;
  /** Hours of demo camera recordings kept on disk (TILTH_CAMERA_RECORD_HOURS, default 24). */
  cameraRecordHours?: number;
  /** Graceful shutdown ends within this; then the process exits anyway, logging what was pending. */
  shutdownTimeoutSeconds: number;
  /** How long requests in flight may finish at shutdown before their connections are cut. */
  shutdownDrainSeconds: number;
  /** Data push may target private, loopback and link-local addresses, and plain http (TILTH_PUSH_ALLOW_PRIVATE). */
  pushAllowPrivate: boolean;
  /** Milliseconds between data push delivery rounds (TILTH_PUSH_TICK_MS; 0 = off, tests drive the worker). */
  pushTickMs: number;
  /** Milliseconds between approval time-out sweeps (TILTH_APPROVAL_TICK_MS; 0 = off, tests drive it). */
  approvalTickMs: number;
  /** Pest identification (issue 19 item 6, docs/adr/0019-pest-identification.md). */
  identify: IdentifyConfig;
  /** Where stored bytes live (TILTH_STORAGE): `<dataDir>/files`, or an S3-compatible bucket (ADR 0020). */
  storage: StorageConfig;
  /** Scratch files for ffmpeg / ffprobe / sharp (TILTH_SCRATCH_DIR, default the OS temp dir); never storage. */
  scratchDir: string;
}

export type StorageConfig =
  | { driver: 'disk' }
  | {
      driver: 's3';
      endpoint: string | undefined;
      region: string;
      bucket: string;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
      /** Always empty or ending in `/`. */
      prefix: string;
    };

export interface IdentifyConfig {
  /** onnx when a model is set, else none; http for a cloud service. */
  provider: 'onnx' | 'http' | 'none';
  modelPath: string | undefined;
  labelsPath: string | undefined;
  /** Square input edge of the model (pixels). */
  inputSize: number;
  mean: [number, number, number];
  std: [number, number, number];
  /** Below this top confidence the answer is 'uncertain' (spec 03 §8's text, ask an expert). */
  minConfidence: number;
  /** onnxruntime intra-op threads (0: its default). */
  threads: number;
  /** Identifications run at once; more wait in a short queue, beyond it the caller is told to retry. */
  concurrency: number;
  queueMax: number;
  maxBytes: number;
  httpUrl: string | undefined;
  httpKey: string | undefined;
  httpTimeoutMs: number;
  /** Model id/version of the cloud service (part of the key a stored answer is found by). */
  httpModel: string | undefined;
}

export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export type RateLimitName = 'signIn' | 'sms' | 'account' | 'captcha';

const int = (v: string | undefined, fallback: number, name: string): number => {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${v}"`);
  return n;
};

const rate = (v: string | undefined, fallback: number, name: string): number => {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number ≥ 0, got "${v}"`);
  return n;
};

const intAtLeast = (v: string | undefined, fallback: number, min: number, name: string): number => {
  const n = int(v, fallback, name);
  if (n < min) throw new Error(`${name} must be at least ${min}, got ${n}`);
  return n;
};

const provisioning = (v: string | undefined): Config['mqttProvisioning'] => {
  if (v === undefined || v === '' || v === 'none') return 'none';
  if (v === 'mosquitto-dynsec') return v;
  throw new Error(`MQTT_PROVISIONING must be none or mosquitto-dynsec, got "${v}"`);
};

const poolMode = (v: string | undefined): Config['databasePoolMode'] => {
  if (v === undefined || v === '' || v === 'session') return 'session';
  if (v === 'transaction') return v;
  throw new Error(`DATABASE_POOL_MODE must be session or transaction, got "${v}"`);
};

const trustProxy = (v: string | undefined): Config['trustProxy'] => {
  const t = v?.trim() ?? '';
  if (t === '' || t === '0' || t === 'false') return false;
  if (t === 'true') return true;
  // Addresses, CIDRs or proxy-addr's names (loopback, linklocal, uniquelocal); a hop count is not offered
  // because Fastify cannot check the peer with it.
  return t.split(',').map((a) => a.trim());
};

// `max/seconds`, e.g. `20/60`; `0` turns the limit off.
const limit = (v: string | undefined, fallback: string, name: string): RateLimit | undefined => {
  const t = v === undefined || v.trim() === '' ? fallback : v.trim();
  if (t === '0') return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(t);
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) {
    throw new Error(`${name} must be max/seconds (e.g. ${fallback}) or 0, got "${v}"`);
  }
  return { max: Number(m[1]), windowSeconds: Number(m[2]) };
};

// Several server processes behind one balancer must count together, or each multiplies the limits.
const rateLimitStore = (v: string | undefined): 'memory' | 'database' => {
  const t = v?.trim() || 'memory';
  if (t !== 'memory' && t !== 'database')
    throw new Error(`TILTH_RATE_LIMIT_STORE must be memory or database, got "${v}"`);
  return t;
};

const list = (v: string | undefined): string[] => (v ?? '').split(/[\s,]+/).filter(Boolean);

// An origin (scheme://host[:port]); a leading `*.` on the host is a subdomain wildcard, never a bare `*`.
const ORIGIN =
  /^(https?|wss?):\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;

const origins = (v: string | undefined, name: string, schemes: readonly string[]): string[] =>
  list(v).map((o) => {
    const scheme = o.split(':')[0]?.toLowerCase() ?? '';
    if (!ORIGIN.test(o) || !schemes.includes(scheme)) {
      throw new Error(`${name}: "${o}" is not an origin like https://host[:port] (${schemes.join(', ')})`);
    }
    return o.toLowerCase();
  });

const frameAncestors = (v: string | undefined): string[] => {
  const name = 'TILTH_FRAME_ANCESTORS';
  const items = list(v).map((s) => (s === 'self' || s === 'none' ? `'${s}'` : s));
  if (items.length === 0) return ["'self'"];
  if (items.includes("'none'")) {
    if (items.length > 1) throw new Error(`${name}: 'none' cannot be combined with other sources`);
    return items;
  }
  return items.map((s) => (s === "'self'" ? s : (origins(s, name, ['https', 'http'])[0] ?? s)));
};

/** A number setting used only when it is at least `min` (else the caller's default, as before). */
const atLeast = (v: string | undefined, min: number): number | undefined => {
  const n = Number(v);
  return Number.isFinite(n) && n >= min ? n : undefined;
};

const triple = (v: string | undefined, fallback: [number, number, number], name: string) => {
  if (v === undefined || v.trim() === '') return fallback;
  const n = v.split(',').map((x) => Number(x.trim()));
  if (n.length !== 3 || n.some((x) => !Number.isFinite(x))) {
    throw new Error(`${name} must be three numbers like 0.485,0.456,0.406, got "${v}"`);
  }
  return n as [number, number, number];
};

const identifyConfig = (env: NodeJS.ProcessEnv): IdentifyConfig => {
  const modelPath = env.TILTH_IDENTIFY_MODEL ? path.resolve(env.TILTH_IDENTIFY_MODEL) : undefined;
  const httpUrl = env.TILTH_IDENTIFY_HTTP_URL || undefined;
  const asked = env.TILTH_IDENTIFY_PROVIDER?.trim() ?? '';
  if (!['', 'onnx', 'http', 'none'].includes(asked)) {
    throw new Error(`TILTH_IDENTIFY_PROVIDER must be onnx, http or none, got "${asked}"`);
  }
  const provider = (asked || (modelPath ? 'onnx' : httpUrl ? 'http' : 'none')) as IdentifyConfig['provider'];
  const floor = rate(env.TILTH_IDENTIFY_MIN_CONFIDENCE, 0.6, 'TILTH_IDENTIFY_MIN_CONFIDENCE');
  if (floor > 1) throw new Error(`TILTH_IDENTIFY_MIN_CONFIDENCE must be within 0–1, got ${floor}`);
  return {
    provider,
    modelPath,
    labelsPath: env.TILTH_IDENTIFY_LABELS ? path.resolve(env.TILTH_IDENTIFY_LABELS) : undefined,
    inputSize: intAtLeast(env.TILTH_IDENTIFY_INPUT_SIZE, 224, 8, 'TILTH_IDENTIFY_INPUT_SIZE'),
    // ImageNet's, what most published MobileNet / EfficientNet pest models were trained with.
    mean: triple(env.TILTH_IDENTIFY_MEAN, [0.485, 0.456, 0.406], 'TILTH_IDENTIFY_MEAN'),
    std: triple(env.TILTH_IDENTIFY_STD, [0.229, 0.224, 0.225], 'TILTH_IDENTIFY_STD'),
    minConfidence: floor,
    threads: int(env.TILTH_IDENTIFY_THREADS, 0, 'TILTH_IDENTIFY_THREADS'),
    concurrency: intAtLeast(env.TILTH_IDENTIFY_CONCURRENCY, 1, 1, 'TILTH_IDENTIFY_CONCURRENCY'),
    queueMax: int(env.TILTH_IDENTIFY_QUEUE, 16, 'TILTH_IDENTIFY_QUEUE'),
    maxBytes: intAtLeast(env.TILTH_IDENTIFY_MAX_MB, 10, 1, 'TILTH_IDENTIFY_MAX_MB') * 1024 * 1024,
    httpUrl,
    httpKey: env.TILTH_IDENTIFY_HTTP_KEY || undefined,
    httpTimeoutMs: intAtLeast(
      env.TILTH_IDENTIFY_HTTP_TIMEOUT_MS,
      10_000,
      100,
      'TILTH_IDENTIFY_HTTP_TIMEOUT_MS',
    ),
    httpModel: env.TILTH_IDENTIFY_HTTP_MODEL || undefined,
  };
};

const storageConfig = (env: NodeJS.ProcessEnv): StorageConfig => {
  const driver = env.TILTH_STORAGE || 'disk';
  if (driver === 'disk') return { driver };
  if (driver !== 's3') throw new Error(`TILTH_STORAGE must be disk or s3, got "${driver}"`);
  const bucket = env.S3_BUCKET;
  if (!bucket) throw new Error('TILTH_STORAGE=s3 needs S3_BUCKET');
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint && !/^https?:\/\/[^/\s]+/.test(endpoint)) {
    throw new Error(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  const prefix = (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  return {
    driver,
    endpoint,
    region: env.S3_REGION || 'us-east-1',
    bucket,
    accessKeyId,
    secretAccessKey,
    // Self-hosted stores (MinIO, s3rver) rarely have per-bucket DNS names: path style unless told.
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, endpoint !== undefined, 'S3_FORCE_PATH_STYLE'),
    prefix: prefix ? `${prefix}/` : '',
  };
};

const flag = (v: string | undefined, fallback: boolean, name: string): boolean => {
  if (v === undefined || v === '') return fallback;
  if (v === '1' || v === 'true') return true;
  if (v === '0' || v === 'false') return false;
  throw new Error(`${name} must be 0 or 1, got "${v}"`);
};

// Every setting is documented in README.md; defaults are the embedded, one-command setup.
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const dataDir = path.resolve(env.TILTH_DATA_DIR ?? 'data');
  const shutdownTimeout = Math.max(1, int(env.TILTH_SHUTDOWN_TIMEOUT_SEC, 10, 'TILTH_SHUTDOWN_TIMEOUT_SEC'));
  return {
    port: int(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 10),
    databaseConnectTimeoutMs: intAtLeast(
      env.DATABASE_CONNECT_TIMEOUT_MS,
      5000,
      100,
      'DATABASE_CONNECT_TIMEOUT_MS',
    ),
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    databasePoolMode: poolMode(env.DATABASE_POOL_MODE),
    databaseMigrateUrl: env.DATABASE_MIGRATE_URL || undefined,
    mqttPort: int(env.MQTT_PORT, 1883, 'MQTT_PORT'),
    mqttUrl: env.MQTT_URL || undefined,
    mqttClientId: env.MQTT_CLIENT_ID || undefined,
    mqttIngestConnections: int(env.MQTT_INGEST_CONNECTIONS, 8, 'MQTT_INGEST_CONNECTIONS'),
    // docs/device-protocol.md §10: 1 message/s sustained with a burst of 20 (the spec's period is ≥ 5 min).
    mqttDeviceRate: rate(env.MQTT_DEVICE_RATE, 1, 'MQTT_DEVICE_RATE'),
    mqttDeviceBurst: int(env.MQTT_DEVICE_BURST, 20, 'MQTT_DEVICE_BURST'),
    ingestMaxBatch: Math.max(1, int(env.MQTT_INGEST_MAX_BATCH, 16_000, 'MQTT_INGEST_MAX_BATCH')),
    // docs/device-protocol.md §10: a device CONNECT (credentials, will) is a few hundred bytes, a packet
    // at most a 16 KiB payload and its topic; anything far beyond is refused before it is buffered.
    mqttMaxConnectBytes: intAtLeast(env.MQTT_MAX_CONNECT_BYTES, 4096, 512, 'MQTT_MAX_CONNECT_BYTES'),
    // 16 KiB + 1 KiB: below it a full-size payload with its topic would close the connection.
    mqttMaxPacketBytes: intAtLeast(env.MQTT_MAX_PACKET_BYTES, 32_768, 17_408, 'MQTT_MAX_PACKET_BYTES'),
    mqttMaxPendingConnections: intAtLeast(
      env.MQTT_MAX_PENDING_CONNECTIONS,
      256,
      1,
      'MQTT_MAX_PENDING_CONNECTIONS',
    ),
    mqttConnectTimeoutMs: intAtLeast(env.MQTT_CONNECT_TIMEOUT_MS, 10_000, 100, 'MQTT_CONNECT_TIMEOUT_MS'),
    mqttPublicUrl: env.MQTT_PUBLIC_URL || undefined,
    chirpstackMqttUrl: env.CHIRPSTACK_MQTT_URL || undefined,
    chirpstackTenantId: env.CHIRPSTACK_TENANT_ID
      ? int(env.CHIRPSTACK_TENANT_ID, 0, 'CHIRPSTACK_TENANT_ID')
      : undefined,
    mqttProvisioning: provisioning(env.MQTT_PROVISIONING),
    mqttAdminUsername: env.MQTT_ADMIN_USERNAME || undefined,
    mqttAdminPassword: env.MQTT_ADMIN_PASSWORD || undefined,
    emqxHookSecret: env.EMQX_HOOK_SECRET || undefined,
    demo: env.TILTH_DEMO !== '0',
    accessTokenTtlSeconds: int(env.TILTH_ACCESS_TOKEN_TTL, 1800, 'TILTH_ACCESS_TOKEN_TTL'),
    refreshTokenTtlSeconds: int(env.TILTH_REFRESH_TOKEN_TTL, 30 * 24 * 3600, 'TILTH_REFRESH_TOKEN_TTL'),
    jwtSecret: env.TILTH_JWT_SECRET || undefined,
    uploadLimitBytes: int(env.TILTH_UPLOAD_LIMIT_MB, 50, 'TILTH_UPLOAD_LIMIT_MB') * 1024 * 1024,
    imageMaxPixels: int(env.TILTH_IMAGE_MAX_MEGAPIXELS, 40, 'TILTH_IMAGE_MAX_MEGAPIXELS') * 1_000_000,
    panoramaMinBytes: int(env.TILTH_PANORAMA_MIN_KB, 7 * 1024, 'TILTH_PANORAMA_MIN_KB') * 1024,
    panoramaMaxBytes: int(env.TILTH_PANORAMA_MAX_MB, 80, 'TILTH_PANORAMA_MAX_MB') * 1024 * 1024,
    panoramaMaxPixels:
      int(env.TILTH_PANORAMA_MAX_MEGAPIXELS, 135, 'TILTH_PANORAMA_MAX_MEGAPIXELS') * 1_000_000,
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: path.resolve(env.TILTH_WEB_DIST ?? path.join(import.meta.dirname, '../../../web/dist')),
    smsProvider: env.TILTH_SMS_PROVIDER ?? 'log',
    weatherProvider: env.TILTH_WEATHER_PROVIDER || 'open-meteo',
    simulator: env.TILTH_SIMULATOR !== '0',
    simulatorPeriodSec: atLeast(env.TILTH_SIMULATOR_PERIOD_SEC, 1),
    simulatorPhotoSec: atLeast(env.TILTH_SIMULATOR_PHOTO_SEC, 10),
    strategyTick: env.TILTH_STRATEGY_TICK !== '0',
    chain: Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith('TILTH_CHAIN_'))),
    map: Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith('TILTH_MAP_'))),
    trustProxy: trustProxy(env.TILTH_TRUST_PROXY),
    rateLimits: {
      // Password grants only; refresh grants are not limited (a NAT'd office refreshes often).
      signIn: limit(env.TILTH_RATE_LIMIT_SIGN_IN, '20/60', 'TILTH_RATE_LIMIT_SIGN_IN'),
      // Each code is a paid SMS: a few per address, enough for registration plus a resend or two.
      sms: limit(env.TILTH_RATE_LIMIT_SMS, '5/600', 'TILTH_RATE_LIMIT_SMS'),
      account: limit(env.TILTH_RATE_LIMIT_ACCOUNT, '10/600', 'TILTH_RATE_LIMIT_ACCOUNT'),
      captcha: limit(env.TILTH_RATE_LIMIT_CAPTCHA, '60/60', 'TILTH_RATE_LIMIT_CAPTCHA'),
    },
    rateLimitStore: rateLimitStore(env.TILTH_RATE_LIMIT_STORE),
    frameAncestors: frameAncestors(env.TILTH_FRAME_ANCESTORS),
    hsts: flag(env.TILTH_HSTS, false, 'TILTH_HSTS'),
    cspExtra: {
      img: origins(env.TILTH_CSP_IMG_ORIGINS, 'TILTH_CSP_IMG_ORIGINS', ['https', 'http']),
      connect: origins(env.TILTH_CSP_CONNECT_ORIGINS, 'TILTH_CSP_CONNECT_ORIGINS', [
        'https',
        'http',
        'wss',
        'ws',
      ]),
      media: origins(env.TILTH_CSP_MEDIA_ORIGINS, 'TILTH_CSP_MEDIA_ORIGINS', ['https', 'http', 'wss', 'ws']),
    },
    streamRecheckSeconds: Math.max(1, int(env.TILTH_STREAM_RECHECK_SEC, 5, 'TILTH_STREAM_RECHECK_SEC')),
    cameraRecordHours: intAtLeast(env.TILTH_CAMERA_RECORD_HOURS, 24, 1, 'TILTH_CAMERA_RECORD_HOURS'),
    shutdownTimeoutSeconds: shutdownTimeout,
    // By default 3 s (or half the deadline) are kept for the broker and the database after the drain.
    shutdownDrainSeconds: env.TILTH_SHUTDOWN_DRAIN_SEC
      ? int(env.TILTH_SHUTDOWN_DRAIN_SEC, 0, 'TILTH_SHUTDOWN_DRAIN_SEC')
      : Math.max(shutdownTimeout / 2, shutdownTimeout - 3),
    pushAllowPrivate: flag(env.TILTH_PUSH_ALLOW_PRIVATE, false, 'TILTH_PUSH_ALLOW_PRIVATE'),
    pushTickMs: int(env.TILTH_PUSH_TICK_MS, 250, 'TILTH_PUSH_TICK_MS'),
    approvalTickMs: int(env.TILTH_APPROVAL_TICK_MS, 60_000, 'TILTH_APPROVAL_TICK_MS'),
    identify: identifyConfig(env),
    storage: storageConfig(env),
    scratchDir: path.resolve(env.TILTH_SCRATCH_DIR || tmpdir()),
  };
};
