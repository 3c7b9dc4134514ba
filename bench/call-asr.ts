// Offline speech recognition for calls: `npx tsx bench/call-asr.ts` (also run by `npm run bench`).
//
// Method: each sentence of SENTENCES is spoken by eSpeak NG (Debian's espeak-ng, US English, 140 words a minute,
// VOICE) and converted by sox to the call's audio (16-bit PCM, mono, 16 kHz), with 300 ms of silence before and
// 500 ms after. Each recording goes through the calls' recognisers one after another: the warm one (asr.warm.ts,
// Debian's python3-pocketsphinx, the model loaded once) and the fallback (asr.ts, one pocketsphinx_continuous
// process per utterance), each on one core, with Debian's US English model.
// Printed: the words-correct rate (words of the sentence found in what was heard, in order, over the sentence's
// words: a longest common subsequence), and the real-time factor (recognition time over audio time; under 1 is
// faster than real time), p50 over the sentences, and the total. Target: real-time factor < 1 on one core.
import { execFileSync } from 'node:child_process';
import { pocketsphinx, pocketsphinxInstalled, type Recogniser } from '../api/src/modules/call/asr';
import { killWarmRecognisers, warmPocketsphinx, warmPocketsphinxInstalled } from '../api/src/modules/call/asr.warm';

const VOICE = process.env.BENCH_CALL_VOICE ?? 'en-us';
export const SENTENCES = [
  'what is your name',
  'tell me a story about the old lighthouse keeper',
  'where did you hide the golden key',
  'i think we should open the door now',
  'the weather is cold and the sea is loud tonight',
  'can you help me find my brother',
  'i am not afraid of the dark',
  'please tell me what happened yesterday',
  'we need to leave before the sun goes down',
  'do you remember the first time we met',
  'let us go to the market together',
  'how many people live in this village',
];

export function speak(text: string, voice = VOICE): Buffer {
  const wav = execFileSync('espeak-ng', ['-v', voice, '-s', '140', '--stdout', text]);
  return execFileSync('sox', ['-t', 'wav', '-', '-r', '16000', '-c', '1', '-b', '16', '-e', 'signed-integer', '-t', 'raw', '-', 'pad', '0.3', '0.5'], { input: wav });
}

const wordsOf = (t: string): string[] => t.toLowerCase().match(/[a-z']+/g) ?? [];

/** Words of `said` heard in order (longest common subsequence) over the words of `said`. */
export function wordsCorrect(said: string, heard: string): number {
  const a = wordsOf(said);
  const b = wordsOf(heard);
  const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) dp[i]![j] = a[i - 1] === b[j - 1] ? dp[i - 1]![j - 1]! + 1 : Math.max(dp[i - 1]![j]!, dp[i]![j - 1]!);
  return a.length === 0 ? 1 : dp[a.length]![b.length]! / a.length;
}

const p50 = (xs: number[]): number => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) / 2)]!;

/** Words correct and the real-time factor of one recogniser over SENTENCES; whether it ran faster than real time. */
async function measure(name: string, recogniser: Recogniser): Promise<boolean> {
  const rates: number[] = [];
  const factors: number[] = [];
  let audioMs = 0;
  let spentMs = 0;
  console.log(`${name}:`);
  for (const sentence of SENTENCES) {
    const pcm = speak(sentence);
    const ms = (pcm.length / 32_000) * 1000;
    const t0 = performance.now();
    const heard = await recogniser.transcribe(pcm, 'en');
    const took = performance.now() - t0;
    audioMs += ms;
    spentMs += took;
    rates.push(wordsCorrect(sentence, heard));
    factors.push(took / ms);
    console.log(`  ${sentence.padEnd(50)} -> ${heard.padEnd(50)} ${(wordsCorrect(sentence, heard) * 100).toFixed(0)}%  ${took.toFixed(0)} ms for ${ms.toFixed(0)} ms`);
  }
  const mean = rates.reduce((s, x) => s + x, 0) / rates.length;
  console.log(`${name} (eSpeak NG voice ${VOICE}): words correct ${(mean * 100).toFixed(1)}% mean, ${(p50(rates) * 100).toFixed(1)}% p50`);
  console.log(`real-time factor: ${p50(factors).toFixed(2)} p50, ${(spentMs / audioMs).toFixed(2)} overall (${spentMs.toFixed(0)} ms for ${audioMs.toFixed(0)} ms of speech)`);
  return spentMs / audioMs < 1;
}

async function main(): Promise<void> {
  if (!pocketsphinxInstalled()) throw new Error('pocketsphinx and its English model are not installed (bash scripts/ensure-speech.sh)');
  let ok = true;
  if (warmPocketsphinxInstalled()) {
    // The calls' recogniser: warm (the model loaded before the first sentence), each sentence given at once here.
    const warm = warmPocketsphinx();
    await warm.warm?.();
    ok = (await measure('pocketsphinx, warm (python3-pocketsphinx)', warm)) && ok;
    killWarmRecognisers();
  }
  ok = (await measure('pocketsphinx_continuous, a process per utterance', pocketsphinx())) && ok;
  console.log(`${ok ? 'PASS' : 'FAIL'}: recognition faster than real time on one core`);
  if (!ok) process.exitCode = 1;
}

if (require.main === module) void main();
