import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JSONSchema } from 'json-schema-to-ts';
import { requireUserId } from '../../http/auth-hook';
import type { OpsDecisionBody } from '../../http/data-schemas.gen';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { langFrom } from '../../http/i18n';
import { idParams, paging } from '../../http/route-kit';
import { dataSchema } from '../../http/schemas';
import { typed } from '../../http/type-provider';
import { signerFor, uploadUrlSigner } from '../../storage/signed-urls';
import { pushUnread, sendMessage } from '../messages';
import { listWithdrawals } from '../wallet';
import { listAudit } from './audit-service';
import {
  decideExpertApplication,
  decideRealName,
  decideWithdrawal,
  type Outcome,
  setExpertBan,
} from './decisions-service';
import {
  getApplication,
  getExpert,
  getRealName,
  getWithdrawal,
  listApplications,
  listExperts,
  listRealName,
  opsSummary,
} from './queries-service';
import {
  applicationPageResponse,
  applicationResponse,
  auditPageResponse,
  expertPageResponse,
  expertResponse,
  operatorListResponse,
  operatorResponse,
  realNamePageResponse,
  realNameResponse,
  summaryResponse,
  withdrawalPageResponse,
  withdrawalResponse,
} from './responses';
import { listOperators, setOpsRoles } from './roles-service';

/**
 * Operator console API under /mdr/api/v1/ops (auth 'operator': visitors 110000, other users 110403).
 * Lists answer {list,total,page,size}; decisions answer the changed item and notify its user on
 * `user:<id>` with {kind:'notice', topic, status, reason, id}.
 */
const OPS = '/mdr/api/v1/ops';
/** the review queues need the reviewer role (admins have every role); the audit trail any operator */
const operator = { auth: 'operator' as const, opsRole: 'reviewer' as const };
const anyOperator = { auth: 'operator' as const };
const admin = { auth: 'operator' as const, opsRole: 'admin' as const };

// `const S` keeps each list's status enum literal, so `request.query.status` is typed by it
const pageQuery = <const S extends JSONSchema>(status: S) =>
  ({
    type: 'object',
    additionalProperties: false,
    properties: {
      ...paging,
      status,
      t: { type: 'string', maxLength: 20 },
    },
  }) as const;

export async function registerOpsRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db, hub } = deps;
  // document images reach the console as short-lived URLs signed for the operator who asked
  const signer = uploadUrlSigner(deps.config.dataDir);
  const sign = (request: FastifyRequest) => signerFor(signer, requireUserId(request));

  /** tell the user after the commit; a lost notice is not a lost decision (the status pages refetch) */
  async function notify(o: Outcome, request: FastifyRequest) {
    try {
      await hub.publish(`user:${o.userId}`, o.notice);
      // and a system notice in the user's message centre (messages.kind.ops_<action>)
      await sendMessage(db, {
        userId: o.userId,
        category: 'system',
        kind: `ops_${o.action.replace('.', '_')}`,
        targetType: o.notice.topic,
        targetId: o.notice.id,
        text: o.notice.reason ?? '',
        scripted: ['text'],
      });
      await pushUnread(db, hub, o.userId);
    } catch (err) {
      request.log.warn({ err }, 'ops notice failed');
    }
  }

  // what the decision helpers read of a request; each route's schema-derived request must satisfy it
  type IdRequest = FastifyRequest & { params: { id: number } };
  type Run = (
    id: number,
    reason: string | undefined,
    operatorId: number,
    request: FastifyRequest,
  ) => Promise<Outcome>;
  type View = (id: number, request: FastifyRequest) => Promise<unknown>;
  async function decision(run: Run, view: View, request: IdRequest, reason: string | undefined) {
    const operatorId = requireUserId(request);
    const outcome = await run(request.params.id, reason, operatorId, request);
    await notify(outcome, request);
    return ok(await view(request.params.id, request));
  }
  /** approve / unban / paid: no body */
  const decide = (run: Run, view: View) => (request: IdRequest) => decision(run, view, request, undefined);
  /** reject / ban / failed: the reason of the ops-decision body (withReason's schema) */
  const decideWithReason = (run: Run, view: View) => (request: IdRequest & { body: OpsDecisionBody }) =>
    decision(run, view, request, request.body.reason);
  const withReason = <R>(response: R) => ({
    config: operator,
    schema: { params: idParams, body: dataSchema('ops-decision'), response },
  });
  const noBody = <R>(response: R) => ({ config: operator, schema: { params: idParams, response } });

  // the audit trail: every decision above (and other modules' moderation), filterable
  const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
  app.get(
    `${OPS}/audit`,
    {
      config: anyOperator,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...paging,
            kind: { type: 'string', pattern: '^[a-z_]{1,30}$' },
            operator_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
            target_type: { type: 'string', pattern: '^[a-z_]{1,30}$' },
            target_id: { type: 'string', minLength: 1, maxLength: 40 },
            from: day,
            to: day,
            t: { type: 'string', maxLength: 20 },
          },
        } as const,
        response: auditPageResponse,
      },
    },
    async (request) => ok(await listAudit(db, request.query)),
  );

  // console roles (admins): who operates, and granting or taking roles, audited as role.grant
  app.get(`${OPS}/operators`, { config: admin, schema: { response: operatorListResponse } }, async () =>
    ok(await listOperators(db)),
  );
  app.put(
    `${OPS}/operators/:id/roles`,
    {
      config: admin,
      schema: { params: idParams, body: dataSchema('ops-roles'), response: operatorResponse },
    },
    async (request) =>
      ok(await setOpsRoles(db, request.params.id, request.body.roles, requireUserId(request))),
  );

  app.get(`${OPS}/summary`, { config: anyOperator, schema: { response: summaryResponse } }, async () =>
    ok(await opsSummary(db)),
  );

  // real-name checks
  app.get(
    `${OPS}/realname`,
    {
      config: operator,
      schema: {
        querystring: pageQuery({ enum: ['pending', 'approved', 'rejected'] }),
        response: realNamePageResponse,
      },
    },
    async (request) => ok(await listRealName(db, request.query.status, request.query, sign(request))),
  );
  app.get(`${OPS}/realname/:id`, noBody(realNameResponse), async (request) =>
    ok(await getRealName(db, request.params.id, sign(request))),
  );
  const realNameView = (id: number, request: FastifyRequest) => getRealName(db, id, sign(request));
  app.post(
    `${OPS}/realname/:id/approve`,
    noBody(realNameResponse),
    decide((id, _r, operatorId) => decideRealName(db, id, true, { operatorId }), realNameView),
  );
  app.post(
    `${OPS}/realname/:id/reject`,
    withReason(realNameResponse),
    decideWithReason(
      (id, reason, operatorId) => decideRealName(db, id, false, { operatorId, reason }),
      realNameView,
    ),
  );

  // expert applications
  app.get(
    `${OPS}/expert-applications`,
    {
      config: operator,
      schema: {
        querystring: pageQuery({ type: 'integer', enum: [0, 1, 2] }),
        response: applicationPageResponse,
      },
    },
    async (request) => ok(await listApplications(db, request.query.status, request.query, sign(request))),
  );
  app.get(`${OPS}/expert-applications/:id`, noBody(applicationResponse), async (request) =>
    ok(await getApplication(db, request.params.id, sign(request))),
  );
  const applicationView = (id: number, request: FastifyRequest) => getApplication(db, id, sign(request));
  app.post(
    `${OPS}/expert-applications/:id/approve`,
    noBody(applicationResponse),
    decide((id, _r, operatorId) => decideExpertApplication(db, id, true, { operatorId }), applicationView),
  );
  app.post(
    `${OPS}/expert-applications/:id/reject`,
    withReason(applicationResponse),
    decideWithReason(
      (id, reason, operatorId) => decideExpertApplication(db, id, false, { operatorId, reason }),
      applicationView,
    ),
  );

  // experts (id = the expert's user id)
  app.get(
    `${OPS}/experts`,
    {
      config: operator,
      schema: { querystring: pageQuery({ enum: ['approved', 'banned'] }), response: expertPageResponse },
    },
    async (request) => ok(await listExperts(db, request.query.status, request.query)),
  );
  app.get(`${OPS}/experts/:id`, noBody(expertResponse), async (request) =>
    ok(await getExpert(db, request.params.id)),
  );
  const expertView = (id: number) => getExpert(db, id);
  app.post(
    `${OPS}/experts/:id/ban`,
    withReason(expertResponse),
    decideWithReason(
      (id, reason, operatorId) => setExpertBan(db, id, true, { operatorId, reason }),
      expertView,
    ),
  );
  app.post(
    `${OPS}/experts/:id/unban`,
    noBody(expertResponse),
    decide((id, _r, operatorId) => setExpertBan(db, id, false, { operatorId }), expertView),
  );

  // withdrawals (the wallet module moves the money)
  app.get(
    `${OPS}/withdrawals`,
    {
      config: operator,
      schema: {
        querystring: pageQuery({ enum: ['processing', 'success', 'failed'] }),
        response: withdrawalPageResponse,
      },
    },
    async (request) =>
      ok(await listWithdrawals(db, request.query, langFrom(request.headers['accept-language']))),
  );
  app.get(`${OPS}/withdrawals/:id`, noBody(withdrawalResponse), async (request) =>
    ok(await getWithdrawal(db, request.params.id, langFrom(request.headers['accept-language']))),
  );
  const withdrawalView = (id: number) => getWithdrawal(db, id, 'zhhk');
  app.post(
    `${OPS}/withdrawals/:id/paid`,
    noBody(withdrawalResponse),
    decide(
      (id, _r, operatorId, request) =>
        decideWithdrawal(db, id, true, { operatorId }, langFrom(request.headers['accept-language'])),
      withdrawalView,
    ),
  );
  app.post(
    `${OPS}/withdrawals/:id/failed`,
    withReason(withdrawalResponse),
    decideWithReason(
      (id, reason, operatorId, request) =>
        decideWithdrawal(db, id, false, { operatorId, reason }, langFrom(request.headers['accept-language'])),
      withdrawalView,
    ),
  );
}
