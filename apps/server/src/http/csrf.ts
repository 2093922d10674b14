import { randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER } from '@atelier/contract';
import { cartMessages } from '@atelier/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './errors.ts';

// Double-submit CSRF: a random `crumb` cookie that scripts on our own pages can read and
// echo in a header. Another site can make a browser send the cookie, but cannot read it
// to set the header, so a write without a matching header did not come from our pages.

const CRUMB_MAX_AGE_S = 60 * 60 * 24 * 30;

export function ensureCrumb(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[CSRF_COOKIE];
  if (existing && existing.length >= 16) return existing;
  return issueCrumb(request, reply);
}

/** A fresh crumb whatever the browser had: a customer's sign-in rotates it (issue 23). */
export function issueCrumb(request: FastifyRequest, reply: FastifyReply): string {
  const crumb = randomBytes(24).toString('base64url');
  reply.setCookie(CSRF_COOKIE, crumb, {
    path: '/',
    sameSite: 'lax',
    secure: request.protocol === 'https',
    httpOnly: false,
    maxAge: CRUMB_MAX_AGE_S,
  });
  return crumb;
}

/**
 * Whether a crumb a request sent (in the header, or a plain form's hidden field, e.g. the
 * page-password form) is this browser's crumb cookie.
 */
export function crumbMatches(request: FastifyRequest, sent: string | undefined): boolean {
  // Compared as bytes: a sent value with characters outside ASCII can be as long as the
  // cookie in characters and longer in bytes, which timingSafeEqual would throw on.
  const cookie = Buffer.from(request.cookies[CSRF_COOKIE] ?? '');
  const echoed = Buffer.from(sent ?? '');
  return cookie.length >= 16 && cookie.length === echoed.length && timingSafeEqual(cookie, echoed);
}

/** preHandler for every state-changing call a page's script makes. */
export async function requireCrumb(request: FastifyRequest): Promise<void> {
  const header = request.headers[CSRF_HEADER];
  if (!crumbMatches(request, typeof header === 'string' ? header : undefined)) {
    throw fail('CSRF_FAILED', cartMessages.sessionExpired);
  }
}
