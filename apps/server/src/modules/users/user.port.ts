/** What other modules (setup, sign-up) may use of user accounts: creating one in their own transaction. */
export { countUsers, insertUser, type NewUser } from './user.repository';
