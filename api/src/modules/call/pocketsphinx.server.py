"""A warm PocketSphinx recogniser for calls (Debian's python3-pocketsphinx and pocketsphinx-en-us).

Started once per api process by asr.ts: the model is loaded once, and each utterance is decoded while it is
spoken (audio is fed as it arrives), so its words are ready a moment after its end. Several utterances may be
open at once (one decoder each, reused afterwards).

Standard input carries messages: one byte of kind, the utterance's id (uint32 little-endian), the payload's length
(uint32 little-endian), the payload.
  S  start an utterance (no payload)
  A  audio for it: signed 16-bit little-endian PCM, mono, 16 kHz
  E  its end: one line of JSON is written, {"id": id, "text": words}
  X  drop it (nothing is written)
Standard output carries those lines; "ready" is written first, once the model is loaded.
"""
import json
import struct
import sys

from pocketsphinx import Decoder

MODEL = sys.argv[1] if len(sys.argv) > 1 else '/usr/share/pocketsphinx/model/en-us'


def new_decoder():
    config = Decoder.default_config()
    config.set_string('-hmm', MODEL + '/en-us')
    config.set_string('-lm', MODEL + '/en-us.lm.bin')
    config.set_string('-dict', MODEL + '/cmudict-en-us.dict')
    config.set_string('-logfn', '/dev/null')
    return Decoder(config)


def read_exactly(stream, n):
    data = b''
    while len(data) < n:
        chunk = stream.read(n - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def main():
    free = [new_decoder()]
    open_ = {}
    out = sys.stdout
    out.write('ready\n')
    out.flush()
    stdin = sys.stdin.buffer
    while True:
        head = read_exactly(stdin, 9)
        if head is None:
            return
        kind, uid, length = struct.unpack('<cII', head)
        payload = read_exactly(stdin, length) if length > 0 else b''
        if payload is None:
            return
        if kind == b'S':
            decoder = free.pop() if free else new_decoder()
            decoder.start_utt()
            open_[uid] = decoder
        elif kind == b'A':
            decoder = open_.get(uid)
            if decoder is not None and len(payload) > 0:
                decoder.process_raw(payload, False, False)
        elif kind in (b'E', b'X'):
            decoder = open_.pop(uid, None)
            if decoder is None:
                if kind == b'E':
                    out.write(json.dumps({'id': uid, 'text': ''}) + '\n')
                    out.flush()
                continue
            decoder.end_utt()
            if kind == b'E':
                hyp = decoder.hyp()
                out.write(json.dumps({'id': uid, 'text': hyp.hypstr if hyp is not None else ''}) + '\n')
                out.flush()
            free.append(decoder)


if __name__ == '__main__':
    try:
        main()
    except (BrokenPipeError, KeyboardInterrupt):
        pass
