/** Response schemas of the console's product routes (prices in HKD minor units). */
import { arrayOf, int, obj, okResponse, pageOf, str } from '../../http/response-schemas';

const product = {
  id: int,
  code: str,
  name: str,
  name_zhcn: str,
  name_zhtw: str,
  category: str,
  image: str,
  price: int,
  original_price: int,
  sales: int,
  /** 1 on sale, 0 off the shelf */
  status: int,
  /** units over all its SKUs */
  stock: int,
  sku_count: int,
};

export const opsProductPageResponse = okResponse(pageOf(obj(product)));
export const opsProductResponse = okResponse(
  obj({
    ...product,
    /** its images in order (the first is the main one) */
    images: arrayOf(str),
    /** the generated drawings it may use (every view of its drawings and its category's) */
    drawings: arrayOf(str),
    /** `color` is the Hong Kong name; the mainland and Taiwan ones beside it */
    skus: arrayOf(
      obj({
        id: int,
        code: str,
        size: str,
        color: str,
        color_zhcn: str,
        color_zhtw: str,
        price: int,
        stock: int,
      }),
    ),
  }),
);
