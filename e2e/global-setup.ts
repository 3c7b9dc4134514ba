import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProduct } from '../scripts/start';
import { fileLog, PRODUCT_LOG, resetProductLog } from './support/log';
import { startTestGoogle } from './support/oidc';
import { E2E_PORTS } from './support/ports';

/**
 * Builds the front-end apps if they are missing or stale, then starts the whole product on the e2e ports with a
 * fresh data folder. The returned function is Playwright's teardown: it stops everything and removes the data.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  resetProductLog();
  console.log(`e2e: product output in ${PRODUCT_LOG}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'storyverse-e2e-data-'));
  // A made-up word the automated review fails, so a spec can publish a flagged story without real bad words.
  const words = join(dataDir, 'e2e-words.txt');
  writeFileSync(words, 'zorblax\n');
  // The loopback OpenID provider runs before the api, which reads its issuer and client at start.
  const google = await startTestGoogle();
  const product = await startProduct({
    ports: E2E_PORTS,
    env: {
      DATA_DIR: dataDir,
      // Warnings and errors only, unless E2E_LOG_LEVEL asks for more (info logs every request: what was sent when).
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      APP_ORIGIN: `http://localhost:${E2E_PORTS.shell}`,
      // A publish stays under review this long, so a spec can watch My Story show Verifying before the outcome.
      REVIEW_DELAY_MS: '4000',
      // The offline storyteller writes a word every 50 ms (twice its default pace), so a spec can watch a reply
      // stream and act while it does (the play screen following it, a reader scrolling up meanwhile).
      OFFLINE_TOKEN_DELAY_MS: '50',
      // Every spec signs in from the same loopback address; the per-address code limit (20 an hour by default,
      // counted in MongoDB) is for the public internet, and its own behaviour is covered by the api tests.
      SMS_IP_SENDS_PER_HOUR: '1000',
      FORBIDDEN_WORDS_FILE: words,
      // Every spec plays on the offline storyteller; the cards journey points the play chat at a loopback fake model
      // for its own turns (POST /api/dev/chat_model) and back, to read the prompt the model was sent.
      DEV_CHAT_SWITCH: '1',
      // Models a player may choose on the membership page (one for members); the offline storyteller writes the
      // replies whichever is chosen.
      CHAT_MODELS: JSON.stringify([
        { id: 'story-standard', name: 'Standard' },
        { id: 'story-plus', name: 'Plus', members_only: true },
      ]),
      // Play time (anti-addiction): a tick every 2 s and the warning 10 s before the end, and accounts signing in from
      // China get 24 s a day, so the identity journey watches the warning, the refusal and its reopening time.
      ANTI_ADDICTION_TICK_MS: '2000',
      ANTI_ADDICTION_WARN_MS: '10000',
      ANTI_ADDICTION_REGIONS: JSON.stringify({ CN: { daily_minutes: 0.4, hours: [0, 24] } }),
      // Play time's clock may be moved (POST /api/dev/play_clock), so the identity journey reaches the next allowed
      // window; the journey puts it back when it ends.
      DEV_PLAY_CLOCK: '1',
      ...google.env,
    },
    log: fileLog,
  }).catch(async (error: unknown) => {
    await google.provider.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return async () => {
    await product.stop();
    await google.provider.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
