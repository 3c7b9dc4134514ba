import type { Config } from '../../config';
import type { Logger } from '../../lib/logger';
import { SmsOutbox } from './smsOutbox.model';

/** Delivers a text message; implementations throw when the message could not be handed over. */
export interface SmsProvider {
  readonly name: 'outbox' | 'webhook';
  send(phone: string, text: string): Promise<void>;
}

export interface OutboxMessage {
  to: string;
  text: string;
  sent_at: string;
}

/** Messages listed per number, newest first. */
const OUTBOX_KEEP = 200;
const DAY_MS = 86_400_000;
export const WEBHOOK_TIMEOUT_MS = 5000;

/**
 * The embedded default: no gateway, messages go to the server log and to the database, where the development-only
 * outbox route of any api process reads them. This is the only place a code may appear in a log.
 */
export class OutboxSmsProvider implements SmsProvider {
  readonly name = 'outbox' as const;

  constructor(
    private readonly logger: Logger,
    private readonly now: () => number,
  ) {}

  async send(phone: string, text: string): Promise<void> {
    const t = this.now();
    await SmsOutbox.create({ to: phone, text, sent_at: new Date(t), purge_at: new Date(t + DAY_MS) });
    // `phone` and `code` are redacted keys, so the line is built as text on purpose.
    this.logger.info(`SMS to ${phone} : ${text}`);
  }

  /** The number's messages, newest first. */
  async list(phone: string): Promise<OutboxMessage[]> {
    const rows = await SmsOutbox.find({ to: phone }).sort({ sent_at: -1, _id: -1 }).limit(OUTBOX_KEEP).lean();
    return rows.map((r) => ({ to: r.to, text: r.text, sent_at: r.sent_at.toISOString() }));
  }
}

/** Posts `{ to, text }` JSON to a gateway of the operator's choice, with an optional bearer token. */
export class WebhookSmsProvider implements SmsProvider {
  readonly name = 'webhook' as const;

  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly timeoutMs = WEBHOOK_TIMEOUT_MS,
  ) {}

  async send(phone: string, text: string): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const res = await fetch(this.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ to: phone, text }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    // Drain the body so the connection can be reused; its content is the gateway's business.
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok) throw new Error(`SMS webhook answered HTTP ${res.status}`);
  }
}

export function createSmsProvider(config: Config, logger: Logger, now: () => number): SmsProvider {
  if (config.sms.provider === 'webhook' && config.sms.webhookUrl) {
    return new WebhookSmsProvider(config.sms.webhookUrl, config.sms.webhookToken);
  }
  return new OutboxSmsProvider(logger, now);
}
