import type {
  captchaCodeResponse,
  publicKeyResponse,
  registerRequest,
  registerResponse,
  resetPasswordRequest,
  sendPhoneCaptchaResponse,
  successResponse,
  tokenResponse,
  userParamsResponse,
} from '@tilth/contracts';
import { api, WEB_CLIENT } from '../../../shared/api/client';
import type { Infer } from '../../../shared/api/types';
import { encryptPassword } from '../crypto/rsa';

// The public identity calls of the sign-in, registration and forgot-password screens (spec 01 §7). They
// show their own error texts, so the client's global reaction is off.
const own = { globalErrors: false, auth: false } as const;

export type TokenAnswer = Partial<Infer<typeof tokenResponse>> & { message?: string };
export type RegisterBody = Infer<typeof registerRequest>;
export type ResetPasswordBody = Infer<typeof resetPasswordRequest>;

/** device_id of the password grant: 6 random digits. */
export const randomDeviceId = (random: () => number = Math.random): string =>
  String(Math.floor(random() * 1_000_000)).padStart(6, '0');

export const captchaImageUrl = (captchaKey: string): string =>
  `/oauth/public/captcha/${encodeURIComponent(captchaKey)}`;

export const authApi = {
  needsCaptcha: async (username: string): Promise<boolean> =>
    (
      await api.get<Infer<typeof userParamsResponse>>('/oauth/login/user-params', {
        ...own,
        query: { username },
      })
    ).isNeedCaptcha,

  newCaptchaKey: async (): Promise<string> =>
    (await api.get<Infer<typeof captchaCodeResponse>>('/oauth/public/captcha-code', own)).captchaKey,

  login: async (input: {
    username: string;
    password: string;
    captchaKey?: string;
    captcha?: string;
  }): Promise<TokenAnswer> => {
    const { publicKey } = await api.get<Infer<typeof publicKeyResponse>>('/oauth/public/key', own);
    const form: Record<string, string> = {
      username: input.username.trim(),
      password: await encryptPassword(publicKey, input.password),
      grant_type: 'password',
      ...WEB_CLIENT,
      source_type: 'web',
      device_id: randomDeviceId(),
    };
    if (input.captchaKey && input.captcha) {
      form.captchaKey = input.captchaKey;
      form.captcha = input.captcha.trim();
    }
    return api.post<TokenAnswer>('/oauth/oauth/token', { ...own, form });
  },

  sendPhoneCode: (phone: string) =>
    api.post<Infer<typeof sendPhoneCaptchaResponse>>('/oauth/public/send-phone-captcha-always', {
      ...own,
      query: { phone },
    }),

  register: (body: RegisterBody) =>
    api.post<Infer<typeof registerResponse>>('/wfpf/v1/tenant/register', { ...own, json: body }),

  resetPassword: (body: ResetPasswordBody) =>
    api.post<Infer<typeof successResponse>>('/oauth/public/password/reset', { ...own, json: body }),
};
