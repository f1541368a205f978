package dev.forkscope.lint.output;

import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.Writer;

/** The one Jackson mapper of the writers: indented output, never closes the caller's writer. */
final class Json {
  static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
          .build();

  private Json() {}

  static void write(JsonNode root, Writer out) throws IOException {
    MAPPER.writeValue(out, root);
    out.write('\n');
    out.flush();
  }
}
