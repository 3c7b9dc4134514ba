import { PHONE } from './phone';

/** The two screen sizes the player's journeys run at: a laptop and a phone. */
export const SIZES = [
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', use: PHONE },
] as const;
