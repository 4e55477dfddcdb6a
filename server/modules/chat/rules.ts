/**
 * Chat limits: the rules document's `chat` group through the reader the chat widget uses too, so the
 * widget's counter and the server's refusal agree. Read from the published rules at every use (read
 * again only when the document changes): an operator's publish applies at once, without a restart.
 */
import { type ChatRules, type RulesDocument, chatRules as readChatRules } from '../../../contracts/rules';
import { rulesDocument } from '../config';

let read: { doc: RulesDocument; rules: ChatRules } | null = null;

export function chatRules(): ChatRules {
  const doc = rulesDocument();
  if (read?.doc !== doc) read = { doc, rules: readChatRules(doc) };
  return read.rules;
}

/**
 * The request's bound on a message's text, fixed at start (the route schema is built once): the
 * largest `chat.messageMax` the rules schema allows, at up to 4 UTF-16 units a character. The exact,
 * current limit is the service's check.
 */
export const CHAT_TEXT_BOUND = 2000 * 4;
