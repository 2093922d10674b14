import type { CaptchaChallenge } from '@atelier/contract';
import { solveChallenge } from './solver.ts';

// The captcha's solver off the page's main thread: one challenge in, one answer out
// (`null` when no number solves it). The widget starts a worker per challenge and ends it.
self.addEventListener('message', (event: MessageEvent<CaptchaChallenge>) => {
  solveChallenge(event.data).then(
    (solution) => self.postMessage(solution ?? null),
    () => self.postMessage(null),
  );
});
