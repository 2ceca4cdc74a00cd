/**
 * What the contact group offers its siblings: the messages an account sent from its proven address.
 */
export { contactMessagesFrom, deleteContactMessagesFrom, type ProvenAddress } from './messages';
