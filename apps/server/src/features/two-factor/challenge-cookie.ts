import type { FastifyReply, FastifyRequest } from 'fastify';

// The cookie that binds a sign-in waiting for its code to one browser: httpOnly, sent only
// to the second step's address, gone in five minutes like the wait itself.

export function setChallengeCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  input: { name: string; path: string; challengeToken: string; expiresAt: Date },
): void {
  reply.setCookie(input.name, input.challengeToken, {
    path: input.path,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    expires: input.expiresAt,
  });
}

export function clearChallengeCookie(reply: FastifyReply, input: { name: string; path: string }) {
  reply.clearCookie(input.name, { path: input.path });
}
