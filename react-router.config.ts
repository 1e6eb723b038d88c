import type { Config } from '@react-router/dev/config';

export default {
  // Keep the repository map of DEVELOPERS.md: the app lives in src/.
  appDirectory: 'src',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;
