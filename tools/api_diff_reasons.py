"""The reasons tools/api_diff.py gives for the gaps it finds (a table kept
apart from the tool so that closing a gap edits data, not code)."""

# Why each remaining gap exists: (pattern on "module:Name.member", reason).
# The first match gives the reason docs/porting_guide.md lists
# (tools/api_diff.py --markdown writes that list).
REASONS = [
    (r"^common:Parallelism\.__init__$",
     "Parallelism(num_threads) works positionally and as num_threads=...; "
     "the first positional argument is also the reference's `parallelize` "
     "bool, so the two overloads share one Python signature."),
    (r"^multibody\.plant:MultibodyPlant\.(SetFreeBodyPose|"
     r"SetFreeBodySpatialVelocity)$",
     "ossa takes the current keyword names (X_JpJc, V_JpJc); the "
     "reference keeps deprecated overloads with the old ones (X_PB, V_PB)."),
    (r"^systems\.framework:LeafSystem\.__init__$",
     "LeafSystem(converter): a LeafSystem subclassed in Python does not "
     "convert scalars in ossa (SystemScalarConverter is bound; Python "
     "conversion functions are not)."),
    (r"^systems\.primitives:DiscreteTimeDelay\.__init__$",
     "The abstract-valued delay is not implemented (vector delays are)."),
    (r"^systems\.primitives:(LogVectorOutput|VectorLogSink\.__init__)$",
     "Logging on chosen triggers (publish_triggers) is not implemented; "
     "sinks log every step or at a period."),
    (r"^systems\.primitives:StateInterpolatorWithDiscreteDerivative\."
     r"set_initial_position$",
     "Takes the Context (the overload taking a State is not implemented)."),
    (r"^common:(kDrakeAssertIsArmed|trigger_an_assertion_failure)$",
     "The reference's debug-assertion switches; ossa has no such toggle "
     "in Python."),
    (r"^common\.value:AbstractValue\.(get_value|get_mutable_value|"
     r"set_value)$",
     "The abstract base has no value accessors in ossa; call them on the "
     "Value[T] instance (every AbstractValue ossa returns is one)."),
    (r"^common\.containers:namedview$",
     "Same behaviour; the signature differs only in a keyword-only "
     "argument's position."),
    (r"^math:.*cast$", "Not implemented yet."),
    (r"^trajectories:PiecewiseQuaternionSlerp\.(__init__|Append)$",
     "Written in Python: one signature takes every orientation type by "
     "keyword (quaternions, rotation_matrices, angle_axes) where the "
     "reference has one overload per type."),
    (r"^trajectories:",
     "Not implemented yet."),
    (r"^multibody\.tree:(ForceDensityField|GravityForceField)",
     "Force density fields act on deformable bodies, which ossa does not "
     "model."),
    (r"^multibody\.plant:PhysicalModel",
     "PhysicalModel is the base of the deformable model, which ossa does "
     "not have."),
    (r"^multibody\.parsing:",
     "Model directives and the parsers' remaining API belong to the parser "
     "work (its own issue)."),
    (r"^systems\.framework:ContextBase\.num_output_ports$",
     "ossa's Context keeps no per-output-port entries (output ports are "
     "the System's: System.num_output_ports())."),
    (r"^systems\.framework:(Parameters|AbstractValues|"
     r"AbstractParameterIndex|Context\.(get_parameters|"
     r"get_mutable_parameters|get_mutable_abstract_parameter|"
     r"SetStateAndParametersFrom)|State\.\w*abstract)",
     "The Parameters and AbstractValues containers are not bound yet "
     "(Context has per-index accessors)."),
    (r"^systems\.framework:System\.",
     "Not bound yet (System member)."),
    (r"^systems\.framework:(Diagram|DiagramBuilder)\.",
     "Not bound yet."),
    (r"^systems\.framework:",
     "Not bound yet."),
    (r"^systems\.analysis:DiscreteTimeApproximation$",
     "One Python function for the reference's overloads (linear_system, "
     "affine_system, system): the first argument is named `system`."),
    (r"^systems\.analysis:RegionOfAttraction",
     "Needs a sums-of-squares solver (mathematical programming is not part "
     "of ossa; the symbolic polynomials it builds on exist)."),
    (r"^systems\.analysis:", "Not bound yet."),
    (r"^systems\.primitives:", "Not implemented yet."),
    (r"^systems\.controllers:LinearProgrammingApproximateDynamicProgramming",
     "Needs a linear-programming solver (mathematical programming is not "
     "part of ossa)."),
    (r"^systems\.controllers:PidControlledSystem\.__init__$",
     "Written in Python: one signature (plant, *gains, ...) takes the "
     "reference's four overloads (scalar or vector gains, with or without "
     "a feedback selector)."),
    (r"^systems\.controllers:", "Not implemented yet."),
    (r".*\[AutoDiffXd\]$",
     "The AutoDiffXd instantiation is not bound yet (ossa binds AutoDiffXd "
     "where scalar-converted systems need it)."),
    (r"^symbolic:DecomposeL2NormExpression$",
     "Serves second-order cone programs (mathematical programming is not "
     "part of ossa)."),
    (r"^geometry:(RenderEngine\w*|MakeRenderEngine\w*|kHasRenderEngine\w*|"
     r"RenderCameraCore|ColorRenderCamera|DepthRenderCamera|RenderLabel|"
     r"LightParameter|EnvironmentMap|"
     r"EquirectangularMap|NullTexture|SsaoParameter|GltfExtension)\b|"
     r"^geometry:QueryObject\.Render\w*Image$",
     "Rendering: ossa has no render engine yet (cameras, render engines and "
     "their parameters, rendered images)."),
    (r"^geometry:(GeometryConfigurationVector\w*|"
     r"QueryObject\.GetConfigurationsInWorld)",
     "Configurations of deformable geometries; ossa has no deformable "
     "geometry."),
    (r"^geometry:(GeometryVersion|SceneGraphInspector\.geometry_version)",
     "SceneGraph tracks a version of its proximity data only "
     "(SceneGraphInspector.proximity_version() in C++), not per role as "
     "GeometryVersion.IsSameAs(other, role) needs."),
    (r"^geometry:QueryObject\.GetPoseInParent$",
     "Needs each frame's parent from the QueryObject, which its C++ class "
     "does not expose yet."),
    (r"^geometry:RefineVolumeMesh",
     "Volume-mesh refinement (and its VTK output) is not implemented."),
    (r"^geometry:(TriangleSurfaceMesh|PolygonSurfaceMesh|VolumeMesh|Plane|"
     r"TriangleSurfaceMeshFieldLinear|PolygonSurfaceMeshFieldLinear)_"
     r"\[AutoDiffXd",
     "The mesh types and fields are double only (hydroelastic contact, "
     "which would differentiate them, is not implemented)."),
    (r"^geometry:(ContactSurface|QueryObject\.ComputeContactSurfaces)",
     "Hydroelastic contact surfaces are not computed yet."),
    (r"^geometry:(DrakeVisualizer|MeshcatPointCloudVisualizer|"
     r"MeshcatAnimation|MeshcatCone)",
     "Not implemented: LCM publishing (DrakeVisualizer), point clouds, "
     "Meshcat animations and cones."),
    (r"^visualization:(Meldis|VideoWriter|"
     r"ColorizeDepthImage|ColorizeLabelImage|ConcatenateImages|"
     r"plot_sublevelset)",
     "Not implemented (LCM viewer, rendered images, "
     "symbolic plotting)."),
    (r"", "Not bound yet."),
]
