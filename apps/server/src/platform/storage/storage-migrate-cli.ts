import { runStorageMigration } from './storage-migrate.ts';

// `npm run storage:migrate`: copies DATA_DIR/uploads to the S3 bucket; non-zero exit when anything failed.
process.exitCode = await runStorageMigration(process.env, (line) => console.log(line));
