/**
 * Chat limits: the rules document's `chat` group through the reader the chat widget uses too, so the
 * widget's counter and the server's refusal agree. Read once at start (the route schema is built from it).
 */
import { type ChatRules, chatRules as readChatRules } from '../../../contracts/rules';
import { rulesDocument } from '../config';

export const chatRules: ChatRules = readChatRules(rulesDocument());
