// Files that name the old citations on purpose: the rules' own mapping table, the citation
// scripts and their tests, and the decision records' index (generated).
const EXCLUDED = [
  /^docs\/rules\//,
  /^scripts\/citations\//,
  /^scripts\/(rewrite-citations|check-references)\.mjs$/,
  /^scripts\/test\//,
];

export function isExcludedFromCitations(file) {
  return EXCLUDED.some((pattern) => pattern.test(file));
}
