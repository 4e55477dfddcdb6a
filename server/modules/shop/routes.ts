import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../http/auth-hook';
import { sendCached } from '../../http/compression';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { id, idParams, lang, paging } from '../../http/route-kit';
import { dataSchema } from '../../http/schemas';
import { typed } from '../../http/type-provider';
import {
  createAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from './address-service';
import { addToCart, cartView, removeCartLine, updateCartLine } from './cart-service';
import { hotWords, listCategories, productDetail, productReviews, shopHome } from './catalogue-service';
import { SHOP_IMAGE_PATH, shopImageSvg } from './images';
import { cachedProductList } from './list-cache';
import { clearHistory, collect, myCollects, myHistory, uncollect } from './mine-service';
import {
  addressListResponse,
  addressResponse,
  cartResponse,
  categoriesResponse,
  clearedResponse,
  collectPageResponse,
  collectResponse,
  historyPageResponse,
  homeResponse,
  hotWordsResponse,
  productDetailResponse,
  productPageResponse,
  reviewsResponse,
} from './responses';

const BASE = '/mdr/api/v1/shop';
/** HKD minor units; a million dollars is beyond any item */
const money = { type: 'integer', minimum: 0, maximum: 100_000_000 } as const;

const svgResponse = {
  200: {
    description: 'a generated product image (SVG), the same for the same name',
    content: { 'image/svg+xml': { schema: { type: 'string' } } },
  },
} as const;

/** The shop's catalogue (public reads), and a fan's collects and recently viewed (signed in). */
export async function registerShopRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db } = deps;

  // an <img> sends no bearer token: product pictures are as public as the products
  root.get<{ Params: { name: string } }>(
    `${SHOP_IMAGE_PATH}:name`,
    {
      config: { auth: 'none' },
      schema: {
        params: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', maxLength: 60 } },
        },
        response: svgResponse,
      },
    },
    async (request, reply) => {
      const svg = shopImageSvg(request.params.name);
      if (svg === null) throw new ApiError(E.NOT_FOUND);
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(svg);
    },
  );

  // the catalogue is public like the match lists: no session lookup, but a signed-in caller's token is
  // still read (the product page records what the fan viewed)
  const open = { auth: 'none' } as const;

  app.get(`${BASE}/home`, { config: open, schema: { response: homeResponse } }, async (request) =>
    ok(await shopHome(db, lang(request))),
  );

  app.get(`${BASE}/categories`, { config: open, schema: { response: categoriesResponse } }, async (request) =>
    ok(await listCategories(db, lang(request))),
  );

  app.get(`${BASE}/hot-words`, { config: open, schema: { response: hotWordsResponse } }, async (request) =>
    ok(await hotWords(db, lang(request))),
  );

  app.get(
    `${BASE}/products`,
    {
      config: open,
      schema: {
        response: productPageResponse,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            category_id: id,
            keyword: { type: 'string', maxLength: 40 },
            sort: {
              type: 'string',
              enum: ['default', 'sales', 'new', 'price_asc', 'price_desc'],
              default: 'default',
            },
            min_price: money,
            max_price: money,
            ...paging,
          },
        },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, await cachedProductList(db, request.query, lang(request))),
  );

  app.get(
    `${BASE}/products/:id`,
    { config: open, schema: { response: productDetailResponse, params: idParams } },
    async (request) => ok(await productDetail(db, request.params.id, lang(request), request.auth.userId)),
  );

  app.get(
    `${BASE}/products/:id/reviews`,
    {
      config: open,
      schema: {
        response: reviewsResponse,
        params: idParams,
        querystring: { type: 'object', additionalProperties: false, properties: paging },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      return ok(await productReviews(db, request.params.id, page, size, lang(request)));
    },
  );

  app.get(
    `${BASE}/collects`,
    {
      config: { auth: 'user' },
      schema: {
        response: collectPageResponse,
        querystring: { type: 'object', additionalProperties: false, properties: paging },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      return ok(await myCollects(db, requireUserId(request), page, size, lang(request)));
    },
  );

  app.post(
    `${BASE}/collects`,
    {
      config: { auth: 'user' },
      schema: {
        response: collectResponse,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['product_id'],
          properties: { product_id: id },
        },
      },
    },
    async (request) => ok(await collect(db, requireUserId(request), request.body.product_id)),
  );

  app.delete(
    `${BASE}/collects/:id`,
    { config: { auth: 'user' }, schema: { response: collectResponse, params: idParams } },
    async (request) => ok(await uncollect(db, requireUserId(request), request.params.id)),
  );

  app.get(
    `${BASE}/history`,
    {
      config: { auth: 'user' },
      schema: {
        response: historyPageResponse,
        querystring: { type: 'object', additionalProperties: false, properties: paging },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      return ok(await myHistory(db, requireUserId(request), page, size, lang(request)));
    },
  );

  app.delete(
    `${BASE}/history`,
    { config: { auth: 'user' }, schema: { response: clearedResponse } },
    async (request) => ok(await clearHistory(db, requireUserId(request))),
  );

  const user = { auth: 'user' } as const;

  app.get(`${BASE}/cart`, { config: user, schema: { response: cartResponse } }, async (request) =>
    ok(await cartView(db, requireUserId(request), lang(request))),
  );

  app.post(
    `${BASE}/cart`,
    { config: user, schema: { response: cartResponse, body: dataSchema('shop-cart-add') } },
    async (request) =>
      ok(
        await addToCart(
          db,
          requireUserId(request),
          request.body.sku_id,
          request.body.quantity ?? 1,
          lang(request),
        ),
      ),
  );

  app.put(
    `${BASE}/cart/:id`,
    {
      config: user,
      schema: { response: cartResponse, params: idParams, body: dataSchema('shop-cart-update') },
    },
    async (request) =>
      ok(await updateCartLine(db, requireUserId(request), request.params.id, request.body, lang(request))),
  );

  app.delete(
    `${BASE}/cart/:id`,
    { config: user, schema: { response: cartResponse, params: idParams } },
    async (request) => ok(await removeCartLine(db, requireUserId(request), request.params.id, lang(request))),
  );

  app.get(`${BASE}/addresses`, { config: user, schema: { response: addressListResponse } }, async (request) =>
    ok(await listAddresses(db, requireUserId(request))),
  );

  app.get(
    `${BASE}/addresses/:id`,
    { config: user, schema: { response: addressResponse, params: idParams } },
    async (request) => ok(await getAddress(db, requireUserId(request), request.params.id)),
  );

  app.post(
    `${BASE}/addresses`,
    { config: user, schema: { response: addressResponse, body: dataSchema('shop-address') } },
    async (request) => ok(await createAddress(db, requireUserId(request), request.body)),
  );

  app.put(
    `${BASE}/addresses/:id`,
    {
      config: user,
      schema: { response: addressResponse, params: idParams, body: dataSchema('shop-address') },
    },
    async (request) => ok(await updateAddress(db, requireUserId(request), request.params.id, request.body)),
  );

  app.put(
    `${BASE}/addresses/:id/default`,
    { config: user, schema: { response: addressListResponse, params: idParams } },
    async (request) => ok(await setDefaultAddress(db, requireUserId(request), request.params.id)),
  );

  app.delete(
    `${BASE}/addresses/:id`,
    { config: user, schema: { response: addressListResponse, params: idParams } },
    async (request) => ok(await deleteAddress(db, requireUserId(request), request.params.id)),
  );
}
