import 'reflect-metadata';
import { describeMigrationRun, runServiceCommands, serveUntilStopped } from '@wave/service-runtime';
import { recommendationsConfigFromEnvironment } from './config/recommendations.config';
import { migrateRecommendations } from './database/migrate';
import { createRecommendationsApp } from './recommendations-app';

/** `node main.js [serve|migrate]`. */
runServiceCommands('recommendations', () => {
  const config = recommendationsConfigFromEnvironment();
  return {
    serve: async () => {
      const app = await createRecommendationsApp(config);
      await serveUntilStopped(app, config);
    },
    migrate: async () => describeMigrationRun(await migrateRecommendations(config)),
  };
});
