import 'reflect-metadata';
import { recommendationsService } from './service';

/** `node main.js [serve|migrate]`. */
recommendationsService.main();
