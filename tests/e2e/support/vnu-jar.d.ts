// vnu-jar ships no types: its main module exports the path of vnu.jar (as a String object).
declare module "vnu-jar" {
  const jarPath: { toString(): string };
  export default jarPath;
}
