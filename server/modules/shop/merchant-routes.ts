import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../http/auth-hook';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { idParams, paging } from '../../http/route-kit';
import { dataSchema } from '../../http/schemas';
import { typed } from '../../http/type-provider';
import { createProduct, editProduct, listProducts, productForOps } from './merchant-products';
import { opsProductPageResponse, opsProductResponse } from './merchant-responses';
import { editSku } from './merchant-skus';

const OPS = '/mdr/api/v1/ops/shop';

/** The console's products: list, one with its SKUs, edits (editor role; each audited). */
export async function registerMerchantProductRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const editor = { auth: 'operator' as const, opsRole: 'editor' as const };
  app.get(
    `${OPS}/products`,
    {
      config: editor,
      schema: {
        response: opsProductPageResponse,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            keyword: { type: 'string', maxLength: 40 },
            status: { type: 'integer', enum: [0, 1] },
            ...paging,
          },
        },
      },
    },
    async (request) => ok(await listProducts(deps.db, request.query)),
  );
  app.get(
    `${OPS}/products/:id`,
    { config: editor, schema: { params: idParams, response: opsProductResponse } },
    async (request) => ok(await productForOps(deps.db, request.params.id)),
  );
  app.post(
    `${OPS}/products`,
    { config: editor, schema: { body: dataSchema('ops-product-create'), response: opsProductResponse } },
    async (request) => ok(await createProduct(deps.db, requireUserId(request), request.body)),
  );
  app.put(
    `${OPS}/products/:id`,
    {
      config: editor,
      schema: { params: idParams, body: dataSchema('ops-product-edit'), response: opsProductResponse },
    },
    async (request) =>
      ok(await editProduct(deps.db, requireUserId(request), request.params.id, request.body)),
  );
  app.put(
    `${OPS}/skus/:id`,
    {
      config: editor,
      schema: { params: idParams, body: dataSchema('ops-sku-edit'), response: opsProductResponse },
    },
    async (request) => ok(await editSku(deps.db, requireUserId(request), request.params.id, request.body)),
  );
}
