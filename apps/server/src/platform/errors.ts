import { fill, type Lang, type Translated } from './i18n/lang.js';

export interface ErrorDef {
  status: number;
  code: string;
  message: Translated;
}

/** A failure the caller can act on; rendered as `{failed: true, code, message}` in their language. */
export class AppError extends Error {
  constructor(
    readonly def: ErrorDef,
    readonly params?: Record<string, string | number>,
  ) {
    super(`${def.code}: ${fill(def.message['en-US'], params)}`);
  }
  get status(): number {
    return this.def.status;
  }
  get code(): string {
    return this.def.code;
  }
  messageIn(lang: Lang): string {
    return fill(this.def.message[lang], this.params);
  }
}

type Defs = Record<string, ErrorDef>;
type Factories<D extends Defs> = { [K in keyof D]: (params?: Record<string, string | number>) => AppError };

/** Declares a domain's error codes; each key becomes a factory: `throw AreaErrors.nameTaken()`. */
export const defineErrors = <D extends Defs>(defs: D): Factories<D> & { defs: D } => {
  const out = { defs } as Factories<D> & { defs: D };
  for (const key of Object.keys(defs) as (keyof D)[]) {
    const def = defs[key] as ErrorDef;
    (out as Record<keyof D, (p?: Record<string, string | number>) => AppError>)[key] = (params) =>
      new AppError(def, params);
  }
  return out;
};

export const CommonErrors = defineErrors({
  validation: {
    status: 400,
    code: 'error.validation',
    message: { 'zh-CN': '参数不正确：{detail}', 'en-US': 'Invalid request: {detail}' },
  },
  badJson: {
    status: 400,
    code: 'error.validation.json',
    message: { 'zh-CN': '请求体不是有效的 JSON', 'en-US': 'The request body is not valid JSON' },
  },
  tokenExpired: {
    status: 401,
    code: 'error.permission.accessTokenExpired',
    message: { 'zh-CN': '认证过期，请重新登录', 'en-US': 'Authentication expired, please log in again' },
  },
  tokenInvalid: {
    status: 401,
    code: 'error.permission.accessTokenInvalid',
    message: { 'zh-CN': '登录已失效，请重新登录', 'en-US': 'Your session has ended, please log in again' },
  },
  forbidden: {
    status: 403,
    code: 'error.permission.forbidden',
    message: { 'zh-CN': '没有权限', 'en-US': 'No permission' },
  },
  notFound: {
    status: 404,
    code: 'error.notFound',
    message: { 'zh-CN': '数据不存在或已被删除', 'en-US': 'Not found, or already deleted' },
  },
  routeNotFound: {
    status: 404,
    code: 'error.route.notFound',
    message: { 'zh-CN': '接口不存在', 'en-US': 'No such API' },
  },
  stale: {
    status: 409,
    code: 'error.objectVersionNumber.stale',
    message: {
      'zh-CN': '数据已被他人修改，请刷新后重试',
      'en-US': 'Someone else changed this record; reload it and try again',
    },
  },
  duplicate: {
    status: 409,
    code: 'error.conflict.duplicate',
    message: { 'zh-CN': '数据已存在，请勿重复提交', 'en-US': 'This record already exists' },
  },
  tooLarge: {
    status: 413,
    code: 'error.request.tooLarge',
    message: { 'zh-CN': '请求内容过大', 'en-US': 'The request is too large' },
  },
  unsupportedMediaType: {
    status: 415,
    code: 'error.request.mediaType',
    message: { 'zh-CN': '不支持的内容类型', 'en-US': 'Unsupported content type' },
  },
  tooManyRequests: {
    status: 429,
    code: 'error.request.tooMany',
    message: { 'zh-CN': '请求过于频繁，请稍后再试', 'en-US': 'Too many requests, please try again later' },
  },
  rateLimitedSeconds: {
    status: 429,
    code: 'error.request.rateLimited',
    message: {
      'zh-CN': '操作过于频繁，请 {seconds} 秒后再试',
      'en-US': 'Too many attempts from your network; try again in {seconds} s',
    },
  },
  rateLimitedMinutes: {
    status: 429,
    code: 'error.request.rateLimited',
    message: {
      'zh-CN': '操作过于频繁，请 {minutes} 分钟后再试',
      'en-US': 'Too many attempts from your network; try again in {minutes} min',
    },
  },
  unavailable: {
    status: 503,
    code: 'error.service.unavailable',
    message: {
      'zh-CN': '服务暂时不可用，请稍后重试',
      'en-US': 'The service is briefly unavailable; please try again in a moment',
    },
  },
  internal: {
    status: 500,
    code: 'error.internal',
    message: {
      'zh-CN': '程序出错，请联系管理员',
      'en-US': 'Program error, please contact the administrator',
    },
  },
});

/** The PostgreSQL SQLSTATE of a failed query, looking through Drizzle's wrapper. */
export const sqlState = (err: unknown): string | undefined => {
  for (
    let e: unknown = err, i = 0;
    e && typeof e === 'object' && i < 4;
    e = (e as { cause?: unknown }).cause, i++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
};
