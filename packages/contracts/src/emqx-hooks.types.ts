import { z } from 'zod';

// EMQX HTTP authentication and authorization (docs/device-protocol.md §3.2): EMQX posts what a client
// presents and we answer with the same rules the embedded broker applies. `ignore` hands the decision to
// EMQX's next source (the server's own account is not a device, so another source must admit it).

const text = (max: number) => z.string().max(max);

/** Body template in EMQX: {"username": "${username}", "password": "${password}", "clientid": "${clientid}"} */
export const emqxAuthnBody = z.strictObject({
  username: text(200),
  password: text(200),
  clientid: text(200),
});
export type EmqxAuthnBody = z.infer<typeof emqxAuthnBody>;

export const emqxAuthnResult = z.strictObject({
  result: z.enum(['allow', 'deny', 'ignore']),
  is_superuser: z.literal(false),
});
export type EmqxAuthnResult = z.infer<typeof emqxAuthnResult>;

/** Body template in EMQX: {"username": "${username}", "topic": "${topic}", "action": "${action}"} */
export const emqxAuthzBody = z.strictObject({
  username: text(200),
  topic: text(1000),
  action: z.enum(['publish', 'subscribe', 'all']),
});
export type EmqxAuthzBody = z.infer<typeof emqxAuthzBody>;

export const emqxAuthzResult = z.strictObject({ result: z.enum(['allow', 'deny', 'ignore']) });
export type EmqxAuthzResult = z.infer<typeof emqxAuthzResult>;
