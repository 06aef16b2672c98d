// Which open sockets belong to which user, in this process.
export interface Deliverable {
  readonly readyState: number;
  send(data: string): void;
}

const OPEN = 1;

export class SocketRegistry<S extends Deliverable = Deliverable> {
  private readonly byUser = new Map<number, Set<S>>();

  add(userId: number, socket: S) {
    let sockets = this.byUser.get(userId);
    if (!sockets) this.byUser.set(userId, (sockets = new Set()));
    sockets.add(socket);
  }

  remove(userId: number, socket: S) {
    const sockets = this.byUser.get(userId);
    if (!sockets) return;
    sockets.delete(socket);
    if (sockets.size === 0) this.byUser.delete(userId);
  }

  socketsOf(userId: number): S[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  /** Sends to every open socket of these users; returns how many sockets got it. */
  deliver(userIds: number[], data: string): number {
    let delivered = 0;
    for (const userId of new Set(userIds)) {
      for (const socket of this.socketsOf(userId)) {
        if (socket.readyState !== OPEN) continue;
        socket.send(data);
        delivered += 1;
      }
    }
    return delivered;
  }

  get size() {
    let count = 0;
    for (const sockets of this.byUser.values()) count += sockets.size;
    return count;
  }
}
