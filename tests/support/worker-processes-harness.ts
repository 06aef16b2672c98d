// A cluster run by app/utils/worker-processes.server.ts with a stand-in for the server (started
// by app/utils/worker-processes.server.test.ts under tsx): each process prints what happens to it
// as `event …` lines, and the stand-in answers every request with its number and process id.
import cluster from "node:cluster";
import http from "node:http";
import { announceDatabaseReady, superviseWorkers, workerNumber } from "~/utils/worker-processes.server";

const say = (line: string) => process.stdout.write(`event ${line}\n`);

if (cluster.isPrimary) {
  const supervision = superviseWorkers({ count: Number(process.env.HARNESS_PROCESSES), shutdownTimeoutMs: 5_000, log: (line) => say(`primary ${line}`) });
  process.on("SIGTERM", () => supervision.stop("SIGTERM"));
  void supervision.stopped.then((code) => {
    say(`primary exits ${code}`);
    process.exit(code);
  });
} else {
  const number = workerNumber()!;
  say(`started ${number} ${process.pid}`);
  const server = http.createServer((_request, response) => response.end(`${number} ${process.pid}`));
  // The first one plays the migration: the others must not start before it says it is done.
  setTimeout(() => {
    if (number === 1) {
      say("ready 1");
      announceDatabaseReady();
    }
    server.listen(Number(process.env.HARNESS_PORT));
  }, number === 1 ? 300 : 0);
  process.on("SIGTERM", () => {
    say(`stopping ${number}`);
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
