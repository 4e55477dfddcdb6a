/** Sending an SMS or email code through the message provider, under the resend and hourly limits. */
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../http/deps';
import { ApiError, E } from '../../http/errors';
import { langFrom } from '../../http/i18n';
import { verificationMessage } from '../../providers/message-text';
import { assertMaySend, CODE_TTL_S, type CodeScene, createCode, discardCode, RESEND_S } from './codes';
import { outboxAddress, type Target } from './targets';

export async function deliverCode(deps: AppDeps, request: FastifyRequest, target: Target, scene: CodeScene) {
  const { db, config } = deps;
  await assertMaySend(db, target, request.ip, {
    perIpPerHour: config.codeLimitPerIp,
    perTargetPerHour: config.codeLimitPerTarget,
  });
  const { id, code } = await createCode(db, { target, scene, ip: request.ip });
  const message = verificationMessage({
    channel: target.kind === 'phone' ? 'sms' : 'email',
    to: outboxAddress(target),
    code,
    lang: langFrom(request.headers['accept-language']),
    validMinutes: CODE_TTL_S / 60,
  });
  try {
    await deps.providers.messages.send(message);
  } catch (err) {
    request.log.error({ err, channel: message.channel }, 'sending a verification code failed');
    await discardCode(db, id);
    throw new ApiError(E.SEND_FAILED);
  }
  return { expire_in: CODE_TTL_S, resend_in: RESEND_S };
}
