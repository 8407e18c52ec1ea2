import asyncio, json, websockets, re
U="ws://127.0.0.1:18611/ws/"
def txt(b): return re.sub(r"\s+"," ",re.sub(rb"\x1b\[[0-9;?]*[a-zA-Z]", b"", b).decode("utf-8","replace"))
async def drain(ws, t=5):
    out=b""
    try:
        while True:
            m = await asyncio.wait_for(ws.recv(), t); out += m if isinstance(m, bytes) else m.encode()
    except (asyncio.TimeoutError, websockets.ConnectionClosed) as e: pass
    return out
async def main():
    try:
        async with websockets.connect(U, origin="http://evil.example") as ws:
            print("evil origin accepted?", len(await drain(ws, 2)))
    except Exception as e: print("evil origin:", type(e).__name__, e)
    ws1 = await websockets.connect(U, max_size=None); await ws1.send(json.dumps(["resize", {"width": 100, "height": 30}]))
    o1 = await drain(ws1, 5); print("tab1", len(o1))
    ws2 = await websockets.connect(U, max_size=None); await ws2.send(json.dumps(["resize", {"width": 100, "height": 30}]))
    o2 = await drain(ws2, 5); print("tab2:", txt(o2)[:400])
    o1b = await drain(ws1, 2); print("tab1 after:", txt(o1b)[:300])
    await ws2.send("not json"); await asyncio.sleep(1)
asyncio.run(main())
