/** Response schemas of the config documents API (console and app). */
import {
  anyObject,
  arrayOf,
  bool,
  int,
  nullable,
  obj,
  okResponse,
  optObj,
  pageOf,
  str,
} from '../../http/response-schemas';

const problem = optObj(
  {
    file: str,
    pointer: str,
    message: str,
    key: str,
    args: { type: 'object', additionalProperties: str } as const,
  },
  ['file', 'pointer', 'message'],
);

const docItem = obj({
  kind: str,
  name: str,
  key: str,
  status: str,
  head_version: int,
  published_version: int,
  upstream: bool,
  updated_by: str,
  updated_at: str,
  updated_ms: int,
});

export const docPageResponse = okResponse(pageOf(docItem));

const versionItem = obj({
  version: int,
  status: str,
  source: str,
  author_id: nullable(int),
  author_nickname: str,
  note: str,
  hash: str,
  created_at: str,
  created_ms: int,
});

export const docResponse = okResponse(
  obj({
    preview_path: str,
    route_path: str,
    kind: str,
    name: str,
    key: str,
    file: str,
    status: str,
    head_version: int,
    published_version: int,
    upstream_version: nullable(int),
    deletable: bool,
    published_hash: str,
    published: anyObject,
    head: anyObject,
    head_text: str,
    versions: arrayOf(versionItem),
  }),
);

export const versionResponse = okResponse(
  obj({ version: int, status: str, source: str, hash: str, note: str, content: anyObject, text: str }),
);

export const diffResponse = okResponse(
  obj({
    from: int,
    to: int,
    total: int,
    changes: arrayOf(obj({ pointer: str, op: str, before: str, after: str })),
  }),
);

export const validateResponse = okResponse(obj({ valid: bool, problems: arrayOf(problem) }));

export const savedResponse = okResponse(
  obj({ version: int, hash: str, head_version: int, published_version: int }),
);

export const createdResponse = okResponse(
  obj({ kind: str, name: str, key: str, version: int, hash: str, head_version: int, published_version: int }),
);

export const deletedResponse = okResponse(obj({ kind: str, name: str, key: str, was_published: bool }));

export const publishedResponse = okResponse(obj({ kind: str, name: str, version: int, hash: str }));

export const manifestResponse = okResponse(
  obj({
    hash: str,
    docs: { type: 'object', additionalProperties: obj({ hash: str, seed: bool }) },
  }),
);

export const bodyResponse = okResponse(anyObject);

export const localeKeysResponse = okResponse(
  pageOf(
    obj({
      key: str,
      zhhk: str,
      zhcn: str,
      zhtw: str,
      missing: arrayOf(str),
      base: obj({ zhhk: int, zhcn: int, zhtw: int }),
    }),
  ),
);

export const localeSavedResponse = okResponse(obj({ key: str, saved: arrayOf(str) }));

export const schemaResponse = okResponse(obj({ schema: anyObject }));

const langVersions = obj({ zhhk: int, zhcn: int, zhtw: int });

export const localeExportResponse = okResponse(
  obj({ format: str, filename: str, keys: int, base: langVersions, text: str }),
);

export const localeImportResponse = okResponse(
  obj({
    dry_run: bool,
    changes: arrayOf(obj({ key: str, lang: str, before: str, after: str })),
    total: int,
    skipped: arrayOf(str),
    saved: arrayOf(str),
    base: langVersions,
  }),
);

export const localeSuggestResponse = okResponse(obj({ from: str, zhhk: str, zhcn: str, zhtw: str }));
