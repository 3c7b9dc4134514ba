import type { Server } from 'socket.io';
import { AudioCallStatus, DialogueType, ErrorCode } from 'shared-kit';
import { CALL_NAMESPACE, CALL_RECONNECT_MS } from 'shared-kit/areas';
import { CALL_REQUESTS } from 'shared-kit/schemas';
import type { Account } from '../../lib/context';
import { resolveToken, tokenFromCookieHeader } from '../passport';
import { Call, type CallFields } from './call.model';
import { finishCall } from './call.service';
import { leftToday } from './limits';
import { CallSession, type SessionDeps } from './session';

type Ack = (answer: { status_code: number; status_message: string; data?: unknown }) => void;

/** The calls held by this process's sockets, and the timers of dropped ones. */
export interface CallSockets {
  sessions: Map<string, CallSession>;
  /** Ends every call this process holds (their sockets come back to another process within 30 s, or end). */
  stop(): void;
}

/**
 * The `/call` namespace: signs in from the session cookie; `join` (call_id) connects a socket to a running call of
 * its user, `audio` carries the microphone's PCM, `mute`, and `end`. A socket that goes away leaves its call
 * waiting CALL_RECONNECT_MS for a `join` (from any api process: the wait is in MongoDB); after that it ends.
 */
export function attachCallSockets(io: Server, deps: SessionDeps): CallSockets {
  const sessions = new Map<string, CallSession>();
  const timers = new Set<NodeJS.Timeout>();
  const nsp = io.of(CALL_NAMESPACE);

  nsp.use((socket, next) => {
    void resolveToken(tokenFromCookieHeader(socket.handshake.headers.cookie), deps.now())
      .then((found) => {
        if (!found) return next(new Error('sign in to call'));
        socket.data.account = found.user;
        next();
      })
      .catch(() => next(new Error('sign in to call')));
  });

  /** A dropped call still waiting after CALL_RECONNECT_MS ends (status Normal). */
  function endIfStillDropped(callId: string): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void (async () => {
        const c = await Call.findOne({ call_id: callId }, { state: 1, dropped_at: 1 }).lean<Pick<CallFields, 'state' | 'dropped_at'>>();
        if (c?.state === 'Active' && c.dropped_at && deps.now() - c.dropped_at.getTime() >= CALL_RECONNECT_MS) {
          await finishCall(callId, AudioCallStatus.Normal, deps.now());
        }
      })().catch((err: unknown) => deps.logger.warn({ err, call_id: callId }, 'dropped call not ended'));
    }, CALL_RECONNECT_MS + 50);
    timer.unref();
    timers.add(timer);
  }

  nsp.on('connection', (socket) => {
    const account = socket.data.account as Account;
    let session: CallSession | null = null;

    socket.on('join', (body: unknown, ack?: Ack) => {
      const reply: Ack = typeof ack === 'function' ? ack : () => undefined;
      void (async () => {
        const parsed = CALL_REQUESTS.callBody.safeParse(body);
        if (!parsed.success) return reply({ status_code: ErrorCode.ClientParamError, status_message: 'call_id: must be a numeric id' });
        const now = deps.now();
        const call = await Call.findOne({ call_id: parsed.data.call_id, uid: account.uid }).lean<CallFields>();
        if (!call) return reply({ status_code: ErrorCode.RecordNotFound, status_message: 'No such call' });
        if (call.state === 'Active' && call.dropped_at && now - new Date(call.dropped_at).getTime() > CALL_RECONNECT_MS) {
          await finishCall(call.call_id, AudioCallStatus.Normal, now);
          return reply({ status_code: ErrorCode.ClientParamError, status_message: 'call_id: the call has ended' });
        }
        const joined = await Call.findOneAndUpdate(
          { call_id: call.call_id, state: 'Active' },
          {
            $set: { dropped_at: null },
            $inc: { joins: 1 },
            ...(call.joins > 0 ? { $push: { events: { type: DialogueType.AudioReconnection, at: new Date(now) } } } : {}),
          },
          { new: true },
        ).lean<CallFields>();
        if (!joined) return reply({ status_code: ErrorCode.ClientParamError, status_message: 'call_id: the call has ended' });
        const left = await leftToday(account.uid, deps.limits, now);
        sessions.get(joined.call_id)?.detach();
        session?.detach();
        const held = new CallSession(joined, account, socket, deps, () => {
          if (sessions.get(joined.call_id) === held) sessions.delete(joined.call_id);
        }, left.asr_seconds_left_today);
        session = held;
        sessions.set(joined.call_id, held);
        reply({ status_code: ErrorCode.Success, status_message: 'ok', data: { call_id: joined.call_id, reconnected: call.joins > 0, seconds: joined.seconds } });
      })().catch((err: unknown) => {
        deps.logger.warn({ err }, 'call join failed');
        reply({ status_code: ErrorCode.Internal, status_message: 'The call could not be joined' });
      });
    });
    socket.on('audio', (data: unknown) => session?.audio(data));
    socket.on('mute', (body: unknown) => session?.setMuted((body as { muted?: unknown } | null)?.muted === true));
    socket.on('end', (ack?: Ack) => {
      void (async () => {
        await session?.end(AudioCallStatus.Normal);
        session = null;
        if (typeof ack === 'function') ack({ status_code: ErrorCode.Success, status_message: 'ok' });
      })();
    });
    socket.on('disconnect', () => {
      const held = session;
      session = null;
      if (!held) return;
      held.detach();
      void Call.updateOne({ call_id: held.call.call_id, state: 'Active' }, { $set: { dropped_at: new Date(deps.now()) } })
        .then(() => endIfStillDropped(held.call.call_id))
        .catch((err: unknown) => deps.logger.warn({ err }, 'dropped call not marked'));
    });
  });

  return {
    sessions,
    stop() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const s of [...sessions.values()]) s.detach();
    },
  };
}
