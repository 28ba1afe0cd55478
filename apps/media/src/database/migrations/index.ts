import { CreateUploads1795336949196 } from './1795336949196-create-uploads.migration';
import { RecordClaims1795545798759 } from './1795545798759-record-claims.migration';
import { VerifyClaims1795578846962 } from './1795578846962-verify-claims.migration';

/** Every migration, in order. Generated with `npm run migration:generate -- media <Name>`. */
export const MEDIA_MIGRATIONS = [
  CreateUploads1795336949196,
  RecordClaims1795545798759,
  VerifyClaims1795578846962,
];
