import { pathToFileURL } from 'node:url';

/** Runs `main` when the file is executed directly (not imported by a test): exit code, or 1 with the error. */
export function runMain(moduleUrl: string, main: (argv: string[]) => Promise<number>): void {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
