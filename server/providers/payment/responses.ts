/** Response schemas of the payment gateway's routes: the sandbox's pages and the Stripe webhook. */
import { bool, obj, okResponse, optObj, str } from '../../http/response-schemas';

const html = { content: { 'text/html': { schema: { type: 'string' } } } } as const;
export const sandboxPageResponse = { 200: { description: 'the payment page', ...html }, 400: html } as const;
export const sandboxActionResponse = {
  303: { description: 'back to the order status screen', type: 'null' },
  400: html,
} as const;
export const webhookResponse = okResponse(
  optObj({ event: str, type: str, applied: bool, result: obj({ status: str, credited: bool }) }, [
    'event',
    'type',
    'applied',
  ]),
);
