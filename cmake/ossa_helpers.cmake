# ossa_add_layer(name [NO_UNITY] USES layer... [SOURCES file...]): one layer of
# DESIGN.md,
# built as the object library ossa_<name> from the calling folder. USES names
# the layers whose headers it may include (and, through them, the layers they
# use); the layer's own folder is always allowed. Including any other folder's
# header fails the build with the file and line (cmake/check_layer_includes.cmake).
# Every layer's objects go into the one shared library `ossa` (src/CMakeLists.txt),
# which is what tests, bindings and downstream projects link.
#
# With OSSA_UNITY_BUILD (the default) a layer's sources compile in batches of
# up to eight per translation unit, which parses the shared headers and
# instantiates the shared templates once per batch: about half the compile
# work of a layer of small files. NO_UNITY keeps one translation unit per
# source (the compiled core: few, large files that would only lengthen the
# build's critical path together). A source that shares a class's explicit
# instantiation with other files, or that needs its own compile options,
# builds alone (ossa_add_sources_alone() below; CMake already does the
# latter).
function(ossa_add_layer name)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "NO_UNITY" "" "USES;SOURCES")
  set(target ossa_${name})
  add_library(${target} OBJECT)
  set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  if(OSSA_UNITY_BUILD AND NOT ARG_NO_UNITY)
    ossa_unity(${target})
  endif()
  target_include_directories(${target} PUBLIC ${PROJECT_SOURCE_DIR}/src)
  target_link_libraries(${target} PUBLIC Eigen3::Eigen fmt::fmt)
  target_compile_features(${target} PUBLIC cxx_std_20)

  file(RELATIVE_PATH folder ${PROJECT_SOURCE_DIR}/src ${CMAKE_CURRENT_SOURCE_DIR})
  set(allowed ${folder})
  foreach(use ${ARG_USES})
    if(NOT TARGET ossa_${use})
      message(FATAL_ERROR "layer ${name} uses '${use}', which is not a layer "
                          "declared before it (see OSSA_LAYERS in src/CMakeLists.txt)")
    endif()
    target_link_libraries(${target} PUBLIC ossa_${use})
    get_property(use_folders GLOBAL PROPERTY OSSA_LAYER_FOLDERS_${use})
    list(APPEND allowed ${use_folders})
  endforeach()
  list(REMOVE_DUPLICATES allowed)
  set_property(GLOBAL PROPERTY OSSA_LAYER_FOLDERS_${name} ${allowed})
  set_property(GLOBAL APPEND PROPERTY OSSA_LAYERS ${name})

  # The include check: every header and source of the folder (its test/ folder
  # aside), run again whenever one of them changes.
  file(GLOB_RECURSE scanned CONFIGURE_DEPENDS
       ${CMAKE_CURRENT_SOURCE_DIR}/*.h ${CMAKE_CURRENT_SOURCE_DIR}/*.cc)
  list(FILTER scanned EXCLUDE REGEX "/test/")
  set(stamp ${CMAKE_CURRENT_BINARY_DIR}/${target}_includes.stamp)
  string(REPLACE ";" "," allowed_arg "${allowed}")
  add_custom_command(
    OUTPUT ${stamp}
    COMMAND ${CMAKE_COMMAND} -DLAYER=${name} "-DALLOWED=${allowed_arg}"
            -DSRC_ROOT=${PROJECT_SOURCE_DIR}/src -DFOLDER=${folder}
            -DSTAMP=${stamp} -P ${PROJECT_SOURCE_DIR}/cmake/check_layer_includes.cmake
    DEPENDS ${scanned} ${PROJECT_SOURCE_DIR}/cmake/check_layer_includes.cmake
    COMMENT "Checking the includes of layer ${name}"
    VERBATIM)
  add_custom_target(${target}_includes DEPENDS ${stamp})
  add_dependencies(${target} ${target}_includes)

  if(ARG_SOURCES)
    target_sources(${target} PRIVATE ${ARG_SOURCES})
  endif()
  set(OSSA_LAYER_TARGET ${target} PARENT_SCOPE)
endfunction()

# ossa_unity(target): compile the target's sources in batches of up to eight,
# relocatable (the generated sources include the files by relative path, CMake
# 4.0 and later), so the compiler cache hits from any checkout's path.
function(ossa_unity target)
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON
                        UNITY_BUILD_BATCH_SIZE 8 UNITY_BUILD_RELOCATABLE ON)
endfunction()

# ossa_add_sources_alone(file...): adds sources of the calling folder to its
# layer, each compiled on its own (kept out of the unity batches): those that
# explicitly instantiate a class template whose members are defined across
# several files (each file instantiates the members it defines; two such
# instantiations in one batch would collide).
function(ossa_add_sources_alone)
  ossa_add_sources(${ARGN})
  foreach(f ${ARGN})
    set_source_files_properties(${CMAKE_CURRENT_SOURCE_DIR}/${f}
      TARGET_DIRECTORY ${OSSA_LAYER_TARGET}
      PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
  endforeach()
endfunction()

# ossa_add_member_group(name LAST file FILES file...): sources of the calling
# folder that define the members of one class template between them. With
# OSSA_UNITY_BUILD they compile as one translation unit (the generated
# <name>.cc): FILES, each of which skips its explicit instantiation when
# OSSA_IN_MEMBER_GROUP is defined, then LAST, whose explicit instantiation
# then covers every member at once. The shared headers are parsed, and the
# templates they share instantiated, once instead of once per file. Without
# OSSA_UNITY_BUILD each file compiles alone and instantiates the members it
# defines.
function(ossa_add_member_group name)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "LAST" "FILES")
  if(NOT OSSA_UNITY_BUILD)
    ossa_add_sources_alone(${ARG_FILES} ${ARG_LAST})
    return()
  endif()
  # Included by relative path, so that the compiler cache hits from any
  # checkout's path.
  set(text "// Generated by ossa_add_member_group() (cmake/ossa_helpers.cmake).\n")
  string(APPEND text "#define OSSA_IN_MEMBER_GROUP\n")
  foreach(f ${ARG_FILES})
    file(RELATIVE_PATH rel ${CMAKE_CURRENT_BINARY_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/${f})
    string(APPEND text "#include \"${rel}\"\n")
  endforeach()
  file(RELATIVE_PATH rel ${CMAKE_CURRENT_BINARY_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/${ARG_LAST})
  string(APPEND text "#undef OSSA_IN_MEMBER_GROUP\n#include \"${rel}\"\n")
  set(generated ${CMAKE_CURRENT_BINARY_DIR}/${name}.cc)
  file(CONFIGURE OUTPUT ${generated} CONTENT "${text}")
  target_sources(${OSSA_LAYER_TARGET} PRIVATE ${generated})
  set_source_files_properties(${generated} TARGET_DIRECTORY ${OSSA_LAYER_TARGET}
    PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
endfunction()

# ossa_add_sources(file...): adds sources of the calling folder (or of a
# subfolder of a layer's folder, such as common/trajectories) to its layer.
function(ossa_add_sources)
  if(NOT OSSA_LAYER_TARGET)
    message(FATAL_ERROR "ossa_add_sources() in ${CMAKE_CURRENT_SOURCE_DIR}: "
                        "call ossa_add_layer() in this folder or a parent first")
  endif()
  foreach(f ${ARGN})
    target_sources(${OSSA_LAYER_TARGET} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/${f})
  endforeach()
endfunction()

# ossa_add_test(name source...): one GoogleTest executable registered with
# ctest (its cases by name, label `cpp`). Tests live in a test/ folder beside
# the code they test; a folder's tests share one executable compiled as a
# unity build (sources in batches of up to eight per translation unit), which
# parses and instantiates the headers they share once per batch. A test that
# replaces global operator new (common/test/allocation_counter.h) gets an
# executable of its own.
function(ossa_add_test name)
  if(NOT OSSA_BUILD_TESTING)
    return()
  endif()
  add_executable(${name} ${ARGN})
  target_link_libraries(${name} PRIVATE ossa GTest::gtest GTest::gtest_main
                        GTest::gmock)
  ossa_unity(${name})
  # The tests' own code needs no -O3 (the library they call is -O3): -Og
  # compiles it in about two thirds of the time.
  target_compile_options(${name} PRIVATE $<$<CONFIG:Release>:-Og>)
  gtest_discover_tests(${name} DISCOVERY_TIMEOUT 60
                       PROPERTIES LABELS cpp)
endfunction()
