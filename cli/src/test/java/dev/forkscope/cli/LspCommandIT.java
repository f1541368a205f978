package dev.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * End to end: the packaged forkscope.jar's {@code lsp} speaks the protocol on its standard streams,
 * framed with Content-Length headers, and nothing else appears on standard output.
 */
class LspCommandIT {

  private static final Path CLI_JAR = Path.of(System.getProperty("forkscope.cliJar"));

  @Test
  void answersInitializeAndExitsAfterShutdown() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p =
        new ProcessBuilder(java, "-jar", CLI_JAR.toString(), "lsp")
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    OutputStream in = p.getOutputStream();
    InputStream out = p.getInputStream();

    send(
        in,
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"capabilities\":{}}}");
    JsonNode init = read(out);
    assertThat(init.get("id").asInt()).isEqualTo(1);
    assertThat(init.at("/result/serverInfo/name").asText()).isEqualTo("forkscope");
    assertThat(init.at("/result/capabilities/textDocumentSync/change").asInt()).isEqualTo(1);

    send(in, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}");
    assertThat(read(out).get("id").asInt()).isEqualTo(2);
    send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}");

    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isZero();
  }

  private static void send(OutputStream in, String json) throws IOException {
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    in.write(("Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
    in.write(body);
    in.flush();
  }

  /** One message: the headers up to the blank line, then exactly Content-Length bytes. */
  private static JsonNode read(InputStream out) throws IOException {
    ByteArrayOutputStream header = new ByteArrayOutputStream();
    while (!header.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
      int b = out.read();
      if (b < 0) {
        throw new AssertionError("the server closed its output after: " + header);
      }
      header.write(b);
    }
    String headers = header.toString(StandardCharsets.US_ASCII);
    assertThat(headers).startsWith("Content-Length: ");
    int length = Integer.parseInt(headers.lines().findFirst().orElseThrow().substring(16).strip());
    return new ObjectMapper().readTree(out.readNBytes(length));
  }
}
