import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../http/auth-hook';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { dataSchema } from '../../http/schemas';
import { typed } from '../../http/type-provider';
import { createLocalStorage } from '../../storage/local-storage';
import { uploadUrlSigner } from '../../storage/signed-urls';
import { perkFlags } from '../points';
import { getBalances } from '../wallet';
import { acceptedFormats } from './image-format';
import { attachmentsResponse, ownUserResponse, profileResponse, userCenterResponse } from './responses';
import { registerUploadServing } from './serve-uploads';
import { dailyQuotaBytes, MAX_FILES_PER_UPLOAD, receiveAndStoreJpegs } from './uploads';
import { ownUserInfo, publicUserInfo } from './user-info';
import { blockedEitherWay, findUserById, findUserByRef, updateProfile } from './users-service';

/** Stats that belong to modules not built yet (follows, praise) read as zero until they are. */
const EMPTY_STATS = { following: 0, followers: 0, likes: 0, coins: 0 };

export async function registerUsersRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db, config } = deps;
  const storage = createLocalStorage(config.dataDir);
  const uploadLimits = {
    maxFileBytes: config.uploadMaxMb * 1024 * 1024,
    dailyQuotaBytes: dailyQuotaBytes(),
    tmpDir: join(config.dataDir, 'tmp', 'uploads'),
  };

  /** the owner's account and the points perks they have running (gold badge, ad-free) */
  const withPerks = async (user: Parameters<typeof ownUserInfo>[0]) => ({
    ...ownUserInfo(user),
    perks: await perkFlags(db, user.id),
  });

  async function me(userId: number) {
    const user = await findUserById(db, userId);
    // a session can outlive its account (deleted account): treat as logged out
    if (!user) throw new ApiError(E.NOT_LOGGED_IN);
    return user;
  }

  app.get(
    '/mdr/api/v1/user-center',
    { config: { auth: 'user' }, schema: { response: userCenterResponse } },
    async (request) => {
      const user = await me(requireUserId(request));
      const { coins } = await getBalances(db, user.id);
      return ok({ user: await withPerks(user), stats: { ...EMPTY_STATS, coins } });
    },
  );

  app.get(
    '/mdr/api/v1/users',
    { config: { auth: 'user' }, schema: { response: ownUserResponse } },
    async (request) => ok(await withPerks(await me(requireUserId(request)))),
  );

  app.put(
    '/mdr/api/v1/users',
    { config: { auth: 'user' }, schema: { body: dataSchema('users-update'), response: ownUserResponse } },
    async (request) => {
      const userId = requireUserId(request);
      await me(userId);
      return ok(await withPerks(await updateProfile(db, userId, request.body)));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/mdr/api/v1/users/:id/profiles',
    { schema: { response: profileResponse } },
    async (request) => {
      const user = await findUserByRef(db, request.params.id);
      if (!user) throw new ApiError(E.NOT_FOUND);
      // a block hides profiles both ways: answered like a missing user, so it tells nobody about it
      const viewer = request.auth.userId;
      if (viewer !== null && viewer !== user.id && (await blockedEitherWay(db, viewer, user.id)))
        throw new ApiError(E.NOT_FOUND);
      return ok({ ...publicUserInfo(user), gold_badge: (await perkFlags(db, user.id)).gold_badge });
    },
  );

  // Multipart lives in its own scope so its parser and limits apply to the upload route only.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: config.uploadMaxMb * 1024 * 1024,
        files: MAX_FILES_PER_UPLOAD,
        fields: 10,
        parts: MAX_FILES_PER_UPLOAD + 10,
        fieldSize: 1024,
        headerPairs: 100,
      },
    });
    // JPEG only by default (spec §5); `?types=jpg,png,webp` lets a form take phone screenshots and
    // WebP too (the shop's product, review and after-sales images), still stored re-encoded as JPEG
    scope.post<{ Querystring: { types?: string } }>(
      '/mdr/api/v1/user/attachments',
      {
        config: { auth: 'user' },
        schema: {
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: {
              types: {
                type: 'string',
                maxLength: 40,
                pattern: '^(jpg|jpeg|png|webp)(,(jpg|jpeg|png|webp))*$',
                description: 'accepted formats, comma-separated (default jpg): jpg, jpeg, png, webp',
              },
            },
          },
          response: attachmentsResponse,
        },
      },
      async (request) => {
        const userId = requireUserId(request);
        const formats = acceptedFormats(request.query.types);
        return ok(await receiveAndStoreJpegs(request, db, storage, userId, { ...uploadLimits, formats }));
      },
    );
  });

  registerUploadServing(app, db, storage, uploadUrlSigner(config.dataDir));
}
