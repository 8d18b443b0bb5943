import type { FastifyBaseLogger } from 'fastify';

/** Sends a text message. Real gateways (Aliyun, Tencent Cloud…) implement this behind TILTH_SMS_PROVIDER. */
export interface SmsProvider {
  send(phone: string, text: string, code: string): Promise<void>;
}

/**
 * The default provider: writes the message to the server log (and keeps the last few in memory) so the
 * console works, and can be tried, with no SMS account.
 */
export class LogSmsProvider implements SmsProvider {
  readonly outbox: { phone: string; text: string; code: string; at: Date }[] = [];
  constructor(public log: Pick<FastifyBaseLogger, 'info'>) {}

  async send(phone: string, text: string, code: string): Promise<void> {
    this.log.info({ sms: { phone, code } }, `SMS to ${phone}: ${text}`);
    this.outbox.push({ phone, text, code, at: new Date() });
    if (this.outbox.length > 100) this.outbox.shift();
  }

  lastCodeFor(phone: string): string | undefined {
    return this.outbox.findLast((m) => m.phone === phone)?.code;
  }
}
