# Fails if a file of layer LAYER (folder FOLDER under SRC_ROOT, test/ folders
# aside) includes a project header outside the folders in ALLOWED (comma
# separated, relative to SRC_ROOT): the layer's own folder and those of the
# layers it uses. On success, touches STAMP. Run by ossa_add_layer().
string(REPLACE "," ";" allowed "${ALLOWED}")
file(GLOB_RECURSE files ${SRC_ROOT}/${FOLDER}/*.h ${SRC_ROOT}/${FOLDER}/*.cc)
list(FILTER files EXCLUDE REGEX "/test/")
set(errors "")
foreach(f ${files})
  file(STRINGS ${f} lines REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<]ossa/")
  foreach(line ${lines})
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*[\"<]([^\">]+)[\">].*$" "\\1"
           header "${line}")
    set(ok FALSE)
    foreach(a ${allowed})
      string(FIND "${header}" "${a}/" pos)
      if(pos EQUAL 0)
        set(ok TRUE)
        break()
      endif()
    endforeach()
    if(NOT ok)
      file(RELATIVE_PATH rel ${SRC_ROOT} ${f})
      # The line number, for the message.
      file(STRINGS ${f} all_lines)
      list(FIND all_lines "${line}" index)
      math(EXPR lineno "${index} + 1")
      string(APPEND errors
             "  src/${rel}:${lineno}: includes ${header}\n")
    endif()
  endforeach()
endforeach()
if(errors)
  message(FATAL_ERROR
    "Layer '${LAYER}' includes headers of layers it does not use:\n${errors}"
    "It may include only: ${ALLOWED}.\n"
    "Move the code to a layer that may use them, or declare the use in "
    "ossa_add_layer(${LAYER} USES ...) if DESIGN.md allows it.")
endif()
file(TOUCH ${STAMP})
