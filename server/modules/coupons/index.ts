/**
 * The coupons module's face (issue 12, coupons slice): coupon kinds and the copies fans hold, the list
 * by tab, the settlement's choice, and the single use by an order (take / bind / return, all inside the
 * order's transaction). Orders call it; it knows nothing of orders beyond the order id.
 */
export { bindCoupon, couponChoice, returnCoupon, takeCoupon } from './coupons-service';
export { couponChoiceSchema } from './responses';
export { registerCouponRoutes } from './routes';
export { seedCoupons } from './seed';
