// Site form submissions beside the page load (issue 20): SUBMISSIONS_PER_SECOND visitors
// each fetch a submission key and send a contact form whose captcha they solved, on
// PostgreSQL, while autocannon measures the warm product page. Every captcha solution is
// real and checked by the server (SHA-256, HMAC, spent-once insert). The challenges are
// fetched and solved before the measurement, in worker threads, at a bench difficulty
// (CAPTCHA_MAX_NUMBER below): the server's check costs the same whatever the difficulty,
// only the solver's work shrinks (docs/PERFORMANCE.md). Each visitor names its own address
// in X-Forwarded-For, which this server trusts from loopback, as many visitors behind a
// proxy; the per-visitor limits stay on, the per-form one is raised to let the rate through.
import { createHash } from 'node:crypto';
import { Agent } from 'node:http';
import { cpus } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import pg from 'pg';
import { createOwnerSession, postWith, startWorkerLoad } from './lib.mjs';

export const SUBMISSIONS_PER_SECOND = Number(process.env.BENCH_FORM_RATE ?? 500);
/** A 25th of the production difficulty (50 000): ~1 000 hashes a solution on average. */
const BENCH_MAX_NUMBER = 2000;
export const FORM_ENV = {
  TRUST_PROXY: 'loopback',
  FORM_RATE_LIMIT_PER_FORM: '1000000',
  CAPTCHA_MAX_NUMBER: String(BENCH_MAX_NUMBER),
};
const OWNER = { email: 'bench-forms@example.com', password: 'bench forms password 1' };
const SCOPE = 'FORM_BLOCK_SUBMISSION';
const MESSAGE = 'Hello, I would like to know whether the linen shirt comes in a longer cut.';

/** The address visitor i sends from: one per visitor. */
const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** Creates the owner, signs in, and builds a contact form with the captcha on. */
export async function createCaptchaForm(baseUrl) {
  const owner = await createOwnerSession(baseUrl, OWNER);
  const form = await fetch(
    `${baseUrl}/api/content-service/forms/1.1/websites/${owner.websiteId}/forms`,
    {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Contact',
        fields: [
          { id: 'email', kind: 'email', label: 'Email', isRequired: true },
          { id: 'message', kind: 'textarea', label: 'Message', maxLength: 200 },
        ],
        submitLabel: 'Send',
        submissionMessage: 'Thanks, we will reply soon.',
        postSubmitHtml: null,
        successRedirect: null,
        disclaimer: null,
        notificationEmail: 'owner@example.com',
        isStorageOnly: false,
        captchaSettings: { isEnabled: true },
      }),
    },
  );
  if (form.status !== 201) throw new Error(`form: ${form.status} ${await form.text()}`);
  return (await form.json()).id;
}

/** Runs `task` over 0..count-1 with at most `width` at once. */
async function pooled(count, width, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/**
 * `count` challenges fetched from visitor addresses 0..count-1 and solved in one worker
 * thread per core; answers the captcha payload (base64 JSON, as the widget sends) of each.
 */
export async function presolveCaptchas(baseUrl, count) {
  const startedAt = performance.now();
  const challenges = new Array(count);
  await pooled(count, 32, async (i) => {
    const response = await fetch(`${baseUrl}/api/captcha/challenge?scope=${SCOPE}`, {
      headers: { 'x-forwarded-for': addressOf(i) },
    });
    if (response.status !== 200) throw new Error(`challenge ${i}: ${response.status}`);
    challenges[i] = await response.json();
  });
  const fetchedAt = performance.now();
  const threads = Math.max(1, cpus().length);
  const slices = Array.from({ length: threads }, (_, t) =>
    challenges.filter((_, i) => i % threads === t),
  );
  const solved = await Promise.all(
    slices.map(
      (slice) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), {
            workerData: { role: 'solve', challenges: slice },
          });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
    ),
  );
  const payloads = new Array(count);
  solved.forEach((slice, t) => {
    slice.forEach((payload, j) => {
      payloads[j * threads + t] = payload;
    });
  });
  return {
    payloads,
    fetchSeconds: (fetchedAt - startedAt) / 1000,
    solveSeconds: (performance.now() - fetchedAt) / 1000,
    threads,
  };
}

function solve(challenge) {
  for (let number = 0; number <= challenge.maxnumber; number += 1) {
    const hash = createHash('sha256')
      .update(challenge.salt + number)
      .digest('hex');
    if (hash === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      const payload = { algorithm, challenge: hash, number, salt, signature, took: 1 };
      return Buffer.from(JSON.stringify(payload)).toString('base64');
    }
  }
  throw new Error('no number solves this challenge');
}

/**
 * Starts the visitors in a worker thread of their own (its own event loop, so their
 * requests do not queue behind autocannon's, nor its behind theirs): visitor i sends at
 * i / perSecond seconds, without waiting for earlier ones, until stopped or out of solved
 * captchas.
 */
export function startSubmissions(baseUrl, formId, payloads, perSecond = SUBMISSIONS_PER_SECOND) {
  return startWorkerLoad(new URL(import.meta.url), {
    role: 'submit',
    baseUrl,
    formId,
    payloads,
    perSecond,
  });
}

/**
 * The visitors' connections: kept alive and at most SOCKETS at once, as behind a proxy
 * (fetch would open one per request in flight, and the server would spend its time on
 * handshakes). A request waiting for a socket counts that wait in its latency.
 */
const SOCKETS = 64;

async function runSubmissions({ baseUrl, formId, payloads, perSecond }) {
  const agent = new Agent({ keepAlive: true, maxSockets: SOCKETS });
  const totals = [];
  const saves = [];
  const failures = {};
  const fail = (what) => {
    failures[what] = (failures[what] ?? 0) + 1;
  };
  let sent = 0;
  let isStopping = false;
  const inFlight = new Set();
  const submit = async (i) => {
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': addressOf(i) };
    const t0 = performance.now();
    try {
      const keyed = await postWith(agent, `${baseUrl}/api/form/FormSubmissionKey`, {
        'x-forwarded-for': addressOf(i),
      });
      if (keyed.status !== 200) return fail(`key ${keyed.status}`);
      const { key } = JSON.parse(keyed.text);
      const t1 = performance.now();
      const saved = await postWith(
        agent,
        `${baseUrl}/api/form/SaveFormSubmission`,
        headers,
        JSON.stringify({
          formId,
          form: { email: `visitor${i}@example.com`, message: MESSAGE },
          key,
          captchaKey: payloads[i],
          pageTitle: 'Contact',
          pagePath: '/contact',
        }),
      );
      if (saved.status !== 200) return fail(`save ${saved.status}`);
      const t2 = performance.now();
      totals.push(t2 - t0);
      saves.push(t2 - t1);
    } catch (error) {
      fail(`network ${error.code ?? error.name}`);
    }
  };
  const startedAt = performance.now();
  let ranOut = false;
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - startedAt) / 1000) * perSecond);
    while (!isStopping && sent < due) {
      if (sent >= payloads.length) {
        ranOut = true;
        break;
      }
      const request = submit(sent).finally(() => inFlight.delete(request));
      inFlight.add(request);
      sent += 1;
    }
  }, 5);
  await new Promise((resolve) => parentPort.once('message', resolve));
  isStopping = true;
  clearInterval(timer);
  const firingSeconds = (performance.now() - startedAt) / 1000;
  await Promise.all(inFlight);
  const drainSeconds = (performance.now() - startedAt) / 1000 - firingSeconds;
  agent.destroy();
  const at = (list, q) => {
    list.sort((a, b) => a - b);
    return list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? Number.NaN;
  };
  parentPort.postMessage({
    sent,
    accepted: totals.length,
    // Over the time until the last answer: a backlog that drains after the window counts.
    perSecond: totals.length / (firingSeconds + drainSeconds),
    seconds: firingSeconds,
    drainSeconds,
    ranOut,
    failures,
    p50: at(totals, 0.5),
    p99: at(totals, 0.99),
    saveP50: at(saves, 0.5),
    saveP99: at(saves, 0.99),
  });
}

/** What the database holds for the form: its submissions, their mails, spent solutions. */
export async function storedCounts(databaseUrl, formId) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const one = async (text, values = []) =>
      Number((await client.query(text, values)).rows[0].count);
    return {
      submissions: await one('select count(*) from form_submissions where form_id = $1', [formId]),
      mails: await one("select count(*) from mail_outbox where kind = 'form-submission'"),
      spentCaptchas: await one('select count(*) from captcha_spent'),
    };
  } finally {
    await client.end();
  }
}

if (!isMainThread && workerData?.role === 'solve') {
  parentPort.postMessage(workerData.challenges.map(solve));
}
if (!isMainThread && workerData?.role === 'submit') {
  await runSubmissions(workerData);
}
