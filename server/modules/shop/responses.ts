/** Response schemas of the shop's catalogue, collect and history routes. */
import {
  arrayOf,
  bool,
  int,
  listOf,
  nullable,
  num,
  obj,
  okNull,
  okResponse,
  pageOf,
  str,
} from '../../http/response-schemas';

const cardProps = {
  id: int,
  name: str,
  image: str,
  /** HKD minor units (cents) */
  price: int,
  original_price: int,
  sales: int,
  stock: int,
  category_id: int,
};
export const productCard = obj(cardProps);
const category = obj({ id: int, code: str, name: str, icon: str, count: int });
const summary = obj({ count: int, average: num, good_rate: int });

export const productPageResponse = okResponse(pageOf(productCard));
export const categoriesResponse = okResponse(listOf(category));
export const homeResponse = okResponse(
  obj({
    banners: arrayOf(obj({ id: int, title: str, image: str, link: str })),
    categories: arrayOf(category),
    recommended: arrayOf(productCard),
  }),
);
export const hotWordsResponse = okResponse(listOf(str));
export const productDetailResponse = okResponse(
  obj({
    ...cardProps,
    description: str,
    /** the gallery, as carousel slides */
    images: arrayOf(obj({ image: str })),
    currency: str,
    category: str,
    team_id: nullable(int),
    sizes: arrayOf(str),
    colors: arrayOf(str),
    skus: arrayOf(
      obj({ id: int, size: str, color: str, color_hex: str, price: int, stock: int, image: str }),
    ),
    reviews: summary,
    collected: bool,
  }),
);
export const reviewsResponse = okResponse(
  obj({
    list: arrayOf(
      obj({
        id: int,
        stars: int,
        content: str,
        images: arrayOf(str),
        nickname: str,
        sku: str,
        created_at: int,
      }),
    ),
    total: int,
    page: int,
    size: int,
    summary,
  }),
);
export const collectResponse = okResponse(obj({ product_id: int, collected: bool }));
export const collectPageResponse = okResponse(pageOf(obj({ ...cardProps, collected_at: int })));
export const historyPageResponse = okResponse(pageOf(obj({ ...cardProps, viewed_at: int })));
export const clearedResponse = okNull;

const cartLine = obj({
  id: int,
  sku_id: int,
  product_id: int,
  name: str,
  image: str,
  size: str,
  color: str,
  price: int,
  quantity: int,
  stock: int,
  selected: bool,
  valid: bool,
  /** '' | off_shelf | sold_out | short */
  reason: str,
});
export const cartResponse = okResponse(
  obj({ list: arrayOf(cartLine), count: int, selected_count: int, total: int, invalid_count: int }),
);
const address = obj({
  id: int,
  receiver: str,
  area_code: str,
  phone: str,
  region: arrayOf(obj({ code: str, name: str })),
  detail: str,
  is_default: bool,
});
export const addressResponse = okResponse(address);
export const addressListResponse = okResponse(listOf(address));
