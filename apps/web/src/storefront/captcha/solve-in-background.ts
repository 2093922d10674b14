import type { CaptchaChallenge } from '@atelier/contract';
import { type Solution, solveChallenge } from './solver.ts';

/**
 * Solves in a Web Worker (its own file, fetched only when a captcha starts); where no
 * worker can start, on the page with the same batched solver. Undefined when aborted or
 * when no number solves the challenge.
 */
export function solveInBackground(
  challenge: CaptchaChallenge,
  signal: AbortSignal,
): Promise<Solution | undefined> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return solveChallenge(challenge, signal);
  }
  return new Promise((resolve) => {
    const finish = (solution: Solution | undefined) => {
      worker.terminate();
      signal.removeEventListener('abort', onAbort);
      resolve(solution);
    };
    const onAbort = () => finish(undefined);
    signal.addEventListener('abort', onAbort);
    worker.addEventListener('message', (event: MessageEvent<Solution | null>) =>
      finish(event.data ?? undefined),
    );
    // A worker the page may not start (a blocked script): solve here instead.
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      worker.terminate();
      signal.removeEventListener('abort', onAbort);
      resolve(solveChallenge(challenge, signal));
    });
    worker.postMessage(challenge);
  });
}
