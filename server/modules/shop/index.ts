/**
 * The shop module's face: the only file other modules, the app and the tooling import from it
 * (scripts/check-imports.ts refuses a reach past it). Everything else in this folder is private.
 * This slice: the catalogue (categories, products, SKUs with stock, generated images, banners, hot
 * words, reviews read side), collects and recently viewed. Cart, addresses, orders and the points
 * store build on these tables.
 */
export { invalidateCatalogue } from './list-cache';
export { registerMerchantProductRoutes } from './merchant-routes';
export { registerShopRoutes } from './routes';
export { seedShop } from './seed';
