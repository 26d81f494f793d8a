# ossa_add_sources(file...): adds library sources of the calling folder to the
# one shared library `ossa`. Each folder under src/ossa lists its own files.
function(ossa_add_sources)
  foreach(f ${ARGN})
    target_sources(ossa PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/${f})
  endforeach()
endfunction()

# ossa_add_test(name source...): one GoogleTest executable registered with
# ctest. Tests live in a test/ folder beside the code they test.
function(ossa_add_test name)
  if(NOT OSSA_BUILD_TESTING)
    return()
  endif()
  add_executable(${name} ${ARGN})
  target_link_libraries(${name} PRIVATE ossa GTest::gtest GTest::gtest_main
                        GTest::gmock)
  gtest_discover_tests(${name} DISCOVERY_TIMEOUT 60
                       PROPERTIES LABELS cpp)
endfunction()
