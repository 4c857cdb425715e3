/** Runs before each server test file: argon2id at its smallest cost (server/services/crypto.ts says why). */
import { cheapPasswordHashesForTests } from '../../server/services/crypto'

cheapPasswordHashesForTests()
