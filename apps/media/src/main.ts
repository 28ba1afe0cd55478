import 'reflect-metadata';
import { mediaService } from './service';

/** `node main.js [serve|migrate]`. */
mediaService.main();
