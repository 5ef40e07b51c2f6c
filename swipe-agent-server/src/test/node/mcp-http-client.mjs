// One session of the official MCP TypeScript SDK client against `mcp --http`: lists the tools,
// takes a screenshot, taps, makes a call the server refuses, then deletes its session.
// Usage: node mcp-http-client.mjs URL TOKEN. Prints one JSON object on stdout.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [url, token] = process.argv.slice(2);
const transport = new StreamableHTTPClientTransport(new URL(url), {
  requestInit: { headers: { Authorization: `Bearer ${token}` } },
});
const client = new Client({ name: "swipe-mcp-http-test", version: "1.0.0" });
await client.connect(transport);
const sessionId = transport.sessionId;
const tools = await client.listTools();
const shot = await client.callTool({ name: "screenshot", arguments: {} });
const tap = await client.callTool({ name: "tap", arguments: { point_2d: [500, 500] } });
const refused = await client.callTool({ name: "tap", arguments: { point_2d: [5000, 5] } });
await transport.terminateSession();
await client.close();

const summary = (r) => ({
  isError: r.isError === true,
  types: r.content.map((c) => c.type),
  text: r.content.filter((c) => c.type === "text").map((c) => c.text),
  structured: r.structuredContent ?? null,
});
console.log(
  JSON.stringify({
    sessionId,
    server: client.getServerVersion(),
    tools: tools.tools.map((t) => ({ name: t.name, readOnly: t.annotations?.readOnlyHint ?? null })),
    shot: summary(shot),
    tap: summary(tap),
    refused: summary(refused),
  }),
);
