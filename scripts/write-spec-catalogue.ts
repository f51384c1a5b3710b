// Rewrites tests/spec-catalogue.json from ../shared/spec (npm run spec:catalogue).
import { CATALOGUE_FILE, writeCatalogue } from './spec-catalogue.ts';

writeCatalogue();
console.log(`wrote ${CATALOGUE_FILE}`);
